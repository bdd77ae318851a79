/**
 * The application: react-admin with our providers, layout, themes and routes. Every route of the
 * table (src/routes/table.ts) is a custom route; auth routes render without the layout and without
 * a session (AppLayout sends signed-out visitors to login). Every declared resource also gets generic pages at `/{resource}`.
 */
import { Admin, CustomRoutes } from 'react-admin';
import { BrowserRouter, Route } from 'react-router-dom';
import dataProvider from './dataProvider';
import { authProvider, queryClient } from './session';
import { i18nProvider } from './i18n';
import { darkTheme, lightTheme } from './theme/themes';
import { AppLayout } from './layout/AppLayout';
import { AppNotification } from './layout/AppNotification';
import { NotFound } from './layout/NotFound';
import { ToLogin, ToUnauthorized } from './layout/Redirects';
import { ALL_ROUTES, ROUTES } from './routes/table';
import type { RouteDef } from './routes/define-route';
import { RoutePage } from './routes/RoutePage';
import { pageOf } from './page-registry';
import { BuiltPages } from './routes/built-pages';
import { resourceElements } from './generic/resources';

const routeElement = (path: string) => `/${path}`;
// Auth pages and documents shown alone in their tab go without the layout.
const noLayoutRoutes = ALL_ROUTES.filter((r) => r.public || r.bare);
// The home route is the dashboard of <Admin>; the rest render inside the layout.
const layoutRoutes = ALL_ROUTES.filter((r) => !r.public && !r.bare && r !== ROUTES.home);

const isBuilt = (r: RouteDef) => pageOf(r) !== undefined;

const Home = () => <RoutePage def={ROUTES.home} page={pageOf(ROUTES.home)} />;

export function App() {
  // Browser history routing at base / (react-admin would otherwise create a hash router).
  return (
    <BuiltPages.Provider value={isBuilt}>
    <BrowserRouter>
    <Admin
      disableTelemetry
      title="Bulk Logistics"
      dataProvider={dataProvider}
      authProvider={authProvider}
      queryClient={queryClient}
      i18nProvider={i18nProvider}
      layout={AppLayout}
      loginPage={false}
      dashboard={Home}
      catchAll={NotFound}
      accessDenied={ToUnauthorized}
      notification={AppNotification}
      theme={lightTheme}
      darkTheme={darkTheme}
    >
      <CustomRoutes noLayout>
        {noLayoutRoutes.map((r) => <Route key={r.path} path={routeElement(r.path)} element={<RoutePage def={r} page={pageOf(r)} />} />)}
        <Route path="/login" element={<ToLogin />} />
      </CustomRoutes>
      <CustomRoutes>
        {layoutRoutes.map((r) => <Route key={r.path} path={routeElement(r.path)} element={<RoutePage def={r} page={pageOf(r)} />} />)}
      </CustomRoutes>
      {resourceElements()}
    </Admin>
    </BrowserRouter>
    </BuiltPages.Provider>
  );
}
