import { createTheme } from '@mui/material/styles';
import { tagStyles } from '@/components/table/tag-styles';

/**
 * Light and dark schemes as CSS variables; the mode follows the system until the user picks one.
 * Colours meet WCAG AA (4.5:1) as text on the page and paper backgrounds and under their
 * contrast text (filled chips, contained buttons): MUI's default warning and info of the light
 * scheme and error of the dark one do not, so they are replaced, and `contrastThreshold: 4.5`
 * makes MUI pick dark text on any colour where white would fall short.
 */
export const theme = createTheme({
  cssVariables: { colorSchemeSelector: 'class' },
  colorSchemes: {
    light: {
      palette: {
        contrastThreshold: 4.5,
        primary: { main: '#1e4fd8' },
        secondary: { main: '#6b3fd4' },
        warning: { main: '#b45309' },
        info: { main: '#0271b0' },
        background: { default: '#f5f6fa', paper: '#ffffff' },
      },
    },
    dark: {
      palette: {
        contrastThreshold: 4.5,
        primary: { main: '#8fb0ff' },
        secondary: { main: '#c3a6ff' },
        error: { main: '#f28b82' },
        background: { default: '#0f1218', paper: '#171b24' },
      },
    },
  },
  // Someone who asked their system for less motion gets none: dialogs, menus and ripples appear at once,
  // progress indicators stop spinning (MUI's own handling of prefers-reduced-motion).
  motion: { reducedMotion: 'system' },
  shape: { borderRadius: 8 },
  typography: {
    fontFamily: '"Inter", "Segoe UI", system-ui, -apple-system, Roboto, "Helvetica Neue", Arial, sans-serif',
    h1: { fontSize: '1.6rem', fontWeight: 600 },
    h2: { fontSize: '1.25rem', fontWeight: 600 },
    h3: { fontSize: '1.05rem', fontWeight: 600 },
  },
  components: {
    MuiCssBaseline: {
      styleOverrides: (t) => ({
        // Table tags and row menu buttons: styled once here, not per element (see tagStyles).
        ...tagStyles(t),
        // One clear focus ring for keyboard users: MUI's own focus styles are a faint ripple or a colour change.
        // Text inputs and selects are left out: their outlined border already turns thick and coloured.
        'body :focus-visible:not(input):not(textarea):not(.MuiInputBase-input), body .MuiButtonBase-root.Mui-focusVisible': {
          outline: '2px solid var(--mui-palette-primary-main)',
          outlineOffset: 2,
        },
        // A switch's track clips what lies outside its thumb: ring the thumb from inside.
        'body .MuiSwitch-switchBase.Mui-focusVisible': { outlineOffset: -2 },
        // On the coloured top bar the ring takes the text colour.
        'body .MuiAppBar-root :focus-visible, body .MuiAppBar-root .Mui-focusVisible': { outlineColor: 'currentColor' },
      }),
    },
    MuiButton: { defaultProps: { disableElevation: true }, styleOverrides: { root: { textTransform: 'none' } } },
    MuiToggleButton: { styleOverrides: { root: { textTransform: 'none' } } },
    MuiTab: { styleOverrides: { root: { textTransform: 'none' } } },
    MuiTableCell: { styleOverrides: { head: { fontWeight: 600 } } },
    // The help under a field that is off for now still explains it: keep it readable (WCAG 1.4.3).
    MuiFormHelperText: {
      styleOverrides: {
        root: ({ theme: t }) => ({ '&.Mui-disabled:not(.Mui-error)': { color: (t.vars ?? t).palette.text.secondary } }),
      },
    },
    MuiPaper: { defaultProps: { variant: 'outlined' } },
    MuiAppBar: { defaultProps: { elevation: 0 } },
  },
});

declare module '@mui/material/styles' {
  // The theme is made with CSS variables (`cssVariables` above): ThemeProvider takes their props.
  interface CssThemeVariables {
    enabled: true;
  }
}
