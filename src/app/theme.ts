import { createTheme } from '@mui/material/styles';

/** Light and dark schemes as CSS variables; the mode follows the system until the user picks one. */
export const theme = createTheme({
  cssVariables: { colorSchemeSelector: 'class' },
  colorSchemes: {
    light: {
      palette: {
        primary: { main: '#1e4fd8' },
        secondary: { main: '#6b3fd4' },
        background: { default: '#f5f6fa', paper: '#ffffff' },
      },
    },
    dark: {
      palette: {
        primary: { main: '#8fb0ff' },
        secondary: { main: '#c3a6ff' },
        background: { default: '#0f1218', paper: '#171b24' },
      },
    },
  },
  shape: { borderRadius: 8 },
  typography: {
    fontFamily: '"Inter", "Segoe UI", system-ui, -apple-system, Roboto, "Helvetica Neue", Arial, sans-serif',
    h1: { fontSize: '1.6rem', fontWeight: 600 },
    h2: { fontSize: '1.25rem', fontWeight: 600 },
    h3: { fontSize: '1.05rem', fontWeight: 600 },
  },
  components: {
    MuiCssBaseline: {
      styleOverrides: {
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
      },
    },
    MuiButton: { defaultProps: { disableElevation: true }, styleOverrides: { root: { textTransform: 'none' } } },
    MuiTableCell: { styleOverrides: { head: { fontWeight: 600 } } },
    MuiPaper: { defaultProps: { variant: 'outlined' } },
    MuiAppBar: { defaultProps: { elevation: 0 } },
  },
});
