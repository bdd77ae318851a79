import { Navigate, useLocation } from 'react-router-dom';

/** react-admin sends signed-out users to /login; ours is /auth/login/ (keeping query and state). */
export function ToLogin() {
  const location = useLocation();
  return <Navigate to={{ pathname: '/auth/login/', search: location.search }} state={location.state} replace />;
}

/** react-admin's access-denied route, for its own resource pages, goes to our unauthorized page. */
export function ToUnauthorized() {
  return <Navigate to="/unauthorized/" replace />;
}
