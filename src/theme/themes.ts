/**
 * Light and dark themes. Both start from react-admin's defaults so its components keep their
 * spacing; we set the drawer width (225, docs/shell.md, Navigation) and the product's colours.
 */
import { defaultDarkTheme, defaultLightTheme, type RaThemeOptions } from 'react-admin';

export const DRAWER_WIDTH = 225;

function withShared(base: RaThemeOptions, palette: RaThemeOptions['palette']): RaThemeOptions {
  return {
    ...base,
    // Text on a coloured surface (a status chip, a button) is picked black or white by WCAG's AA
    // ratio, 4.5:1, instead of MUI's default 3:1, which put white on the warning orange (3.1:1).
    palette: { ...base.palette, contrastThreshold: 4.5, ...palette },
    sidebar: { width: DRAWER_WIDTH, closedWidth: 50 },
    shape: { borderRadius: 6 },
    components: {
      ...base.components,
      // Outlined fields read better in the dense configuration forms than react-admin's filled default.
      MuiTextField: { defaultProps: { variant: 'outlined', margin: 'dense', size: 'small', fullWidth: true } },
      MuiFormControl: { defaultProps: { variant: 'outlined', margin: 'dense', size: 'small', fullWidth: true } },
      // react-admin's form toolbar sat on grey, where the red Delete read at 3.8:1 (2.7:1 dark): on the paper it is 5:1.
      RaToolbar: { styleOverrides: { root: ({ theme }: { theme: { palette: { background: { paper: string } } } }) => ({ backgroundColor: theme.palette.background.paper }) } },
      // A progress indicator is named for screen readers wherever a page forgets to (WCAG 4.1.2); a page's own label wins.
      MuiCircularProgress: { defaultProps: { 'aria-label': 'Loading' } },
      MuiLinearProgress: { defaultProps: { 'aria-label': 'Loading' } },
      // MUI writes subtitles as h6 headings: a card's label or a count's caption then broke the
      // page's heading order. A subtitle is a paragraph; a heading says so (`component="h2"`), so
      // each page's outline is what it means (docs/shell.md, Accessibility).
      MuiTypography: { defaultProps: { variantMapping: { subtitle1: 'p', subtitle2: 'p' } } },
    },
  };
}

/**
 * The status colours are MUI's, but where MUI's read below WCAG AA's 4.5:1 as text (a warning
 * button's orange on white, 3.1:1; an info blue, 3.9:1) they are a shade darker, and the dark
 * theme's primary a shade lighter, so that a selected tab or toggle on its tinted ground reads too.
 */
export const lightTheme = withShared(defaultLightTheme, {
  mode: 'light', primary: { main: '#1f5d8c' }, secondary: { main: '#2e6b3f' }, background: { default: '#f4f6f8' },
  warning: { main: '#b25000' }, info: { main: '#0277bd' },
});
// MUI's dark error red read 3.5:1 as an outlined button's text on the paper (a Void on a record page): a lighter red reads 5.7:1.
export const darkTheme = withShared(defaultDarkTheme, { mode: 'dark', primary: { main: '#90c2ea' }, secondary: { main: '#8fd19e' }, error: { main: '#ff8a80' } });
