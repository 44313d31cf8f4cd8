// @vitest-environment jsdom
import { createTheme, ThemeProvider, useTheme } from '@mui/material/styles';
import { render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tableCss, useTableCss } from './table-styles';

/** A theme with both schemes as CSS variables, as the console's (src/app/theme.ts). */
const theme = createTheme({ cssVariables: { colorSchemeSelector: 'class' }, colorSchemes: { light: true, dark: true } });

let css = '';

/** A table's use of the sheet; keeps the sheet as this theme (the provider's) makes it. */
function Table() {
  useTableCss();
  css = tableCss(useTheme());
  return null;
}

beforeEach(() => {
  render(
    <ThemeProvider theme={theme}>
      <Table />
      <Table />
    </ThemeProvider>,
  );
});
afterEach(() => document.head.querySelectorAll('style').forEach((s) => s.remove()));

describe('the table style sheet', () => {
  it('is written into the document once, however many tables mount', () => {
    const sheets = document.head.querySelectorAll('style[data-table]');
    expect(sheets).toHaveLength(1);
    expect(sheets[0]!.textContent).toBe(css);
  });

  it('gives every colour as a theme variable, so each scheme gets its own (the row lines too)', () => {
    expect(css).toContain('.dtable>tbody>tr>td,.dtable>tbody>tr>th{');
    expect(css).toContain('border-bottom:1px solid var(--mui-palette-divider)');
    expect(css).toContain('.dtable .tag.filled.success{background-color:var(--mui-palette-success-main)');
    // No colour of one scheme written as a value: only the actions column's shadow is a fixed colour.
    expect(css.match(/rgba?\(\s*\d[^)]*\)/g)).toEqual(['rgba(0, 0, 0, 0.3)']);
  });

  it('hides a column below its breakpoint and shows it from there, at the theme’s breakpoints', () => {
    expect(css).toContain('@media (min-width:600px){.dtable .hide-lg{display:none}}');
    expect(css).toContain('@media (min-width:1200px){.dtable .hide-lg{display:table-cell}}');
    expect(css).toContain('@media (max-width:599.95px){');
    // On a phone the header row is read by screen readers only (the console's visually-hidden rule).
    expect(css).toContain(
      '.dtable>thead{position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0 0 0 0)',
    );
  });
});
