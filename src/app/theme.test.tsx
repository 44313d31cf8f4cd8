// @vitest-environment jsdom
import { useColorScheme } from '@mui/material/styles';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BaseProviders } from './providers';

/** The system asks for `scheme` (prefers-color-scheme) and for less motion. */
function systemPrefers(scheme: 'light' | 'dark') {
  vi.stubGlobal(
    'matchMedia',
    (query: string) =>
      ({
        matches: query.includes(`prefers-color-scheme: ${scheme}`) || query.includes('prefers-reduced-motion: reduce'),
        media: query,
        onchange: null,
        addListener: () => {},
        removeListener: () => {},
        addEventListener: () => {},
        removeEventListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList,
  );
}

function SchemeSwitch() {
  const { mode, setMode } = useColorScheme();
  return (
    <button type="button" onClick={() => setMode('light')}>
      Mode {mode}
    </button>
  );
}

const root = document.documentElement;

beforeEach(() => localStorage.clear());
afterEach(() => {
  vi.unstubAllGlobals();
  root.className = '';
});

describe('the theme', () => {
  it('follows the system scheme until the user picks one, and keeps the pick', async () => {
    systemPrefers('dark');
    const first = render(
      <BaseProviders>
        <SchemeSwitch />
      </BaseProviders>,
    );
    expect(await screen.findByRole('button', { name: 'Mode system' })).toBeVisible();
    expect(root).toHaveClass('dark');
    await userEvent.click(screen.getByRole('button', { name: 'Mode system' }));
    expect(await screen.findByRole('button', { name: 'Mode light' })).toBeVisible();
    expect(root).toHaveClass('light');
    expect(root).not.toHaveClass('dark');
    first.unmount();
    root.className = '';
    render(
      <BaseProviders>
        <SchemeSwitch />
      </BaseProviders>,
    );
    expect(await screen.findByRole('button', { name: 'Mode light' })).toBeVisible();
    expect(root).toHaveClass('light');
  });
});
