/**
 * Light and dark themes. Both start from react-admin's defaults so its components keep their
 * spacing; we set the drawer width (225, docs/shell.md, Navigation) and the product's colours.
 */
import { defaultDarkTheme, defaultLightTheme, type RaThemeOptions } from 'react-admin';

export const DRAWER_WIDTH = 225;

function withShared(base: RaThemeOptions, palette: RaThemeOptions['palette']): RaThemeOptions {
  return {
    ...base,
    palette: { ...base.palette, ...palette },
    sidebar: { width: DRAWER_WIDTH, closedWidth: 50 },
    shape: { borderRadius: 6 },
    components: {
      ...base.components,
      // Outlined fields read better in the dense configuration forms than react-admin's filled default.
      MuiTextField: { defaultProps: { variant: 'outlined', margin: 'dense', size: 'small', fullWidth: true } },
      MuiFormControl: { defaultProps: { variant: 'outlined', margin: 'dense', size: 'small', fullWidth: true } },
    },
  };
}

export const lightTheme = withShared(defaultLightTheme, { mode: 'light', primary: { main: '#1f5d8c' }, secondary: { main: '#2e6b3f' }, background: { default: '#f4f6f8' } });
export const darkTheme = withShared(defaultDarkTheme, { mode: 'dark', primary: { main: '#7fb6e0' }, secondary: { main: '#8fd19e' } });
