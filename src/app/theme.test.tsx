// @vitest-environment jsdom
import GlobalStyles from '@mui/material/GlobalStyles';
import { render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { BaseProviders } from './providers';
import { theme, themeVarsCss } from './theme';

/** Rules as [selector, declarations in order], whitespace between rules ignored. */
const rulesOf = (css: string) =>
  [...css.matchAll(/([^{}]+)\{([^{}]*)\}/g)].map(([, selector, body]) => [
    selector!.trim(),
    body!.split(';').filter((d) => d.trim() !== ''),
  ]);

afterEach(() => document.head.querySelectorAll('style').forEach((s) => s.remove()));

describe('the theme’s CSS variables', () => {
  it('are the CSS emotion writes for MUI’s own style sheets of the theme, rule for rule', () => {
    render(<GlobalStyles styles={theme.generateStyleSheets()} />);
    const emotion = [...document.head.querySelectorAll('style[data-emotion]')].map((s) => s.textContent).join('');
    const ours = rulesOf(themeVarsCss());
    expect(ours.map(([selector]) => selector)).toEqual([':root', ':root, .light', '.dark']);
    expect(ours.flatMap(([, d]) => d).length).toBeGreaterThan(300);
    // Emotion's stylis drops the spaces after commas (in a selector list, a font list) and adds
    // vendor-prefixed copies (-webkit-print-color-scheme), which no browser the console supports needs.
    const squeezed = (rules: (string | string[])[][]) =>
      rules.map(([selector, d]) => [
        (selector as string).replace(/,\s+/g, ','),
        (d as string[]).filter((x) => !x.startsWith('-webkit-')).map((x) => x.replace(/,\s+/g, ',')),
      ]);
    expect(squeezed(rulesOf(emotion))).toEqual(squeezed(ours));
  });

  it('are put in the document once, by the providers, and MUI writes no second copy', () => {
    const first = render(<BaseProviders>page</BaseProviders>);
    first.unmount();
    render(<BaseProviders>page</BaseProviders>);
    const sheets = document.head.querySelectorAll('style[data-theme-vars]');
    expect(sheets).toHaveLength(1);
    expect(sheets[0]!.textContent).toBe(themeVarsCss());
    expect(sheets[0]!.textContent).toContain('--mui-palette-primary-main:#1e4fd8');
    const emotion = [...document.head.querySelectorAll('style[data-emotion]')].map((s) => s.textContent).join('');
    expect(emotion).toContain('var(--mui-palette-primary-main)');
    expect(emotion).not.toContain('--mui-palette-primary-main:');
  });
});
