// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createTheme } from '@mui/material/styles';
import { renderWithProviders } from '@/testing/render';
import { CLEAR, PlainIconButton, PlainSelectField, PlainTextField, plainControlsCss, SEARCH } from '.';

/** A theme with CSS variables, as the console's (src/app/theme.ts). */
const theme = createTheme({ cssVariables: { colorSchemeSelector: 'class' }, colorSchemes: { light: true, dark: true } });

describe('plain controls', () => {
  it('names a text box by its label, keeps what is typed, and ties a problem to it', async () => {
    const onChange = vi.fn();
    const { rerender } = renderWithProviders(
      <PlainTextField label="Filter users" placeholder="Name" defaultValue="" onChange={onChange} start={<svg />} />,
    );
    const box = await screen.findByRole('textbox', { name: 'Filter users' });
    expect(box).toHaveAttribute('placeholder', 'Name');
    expect(box).not.toHaveAttribute('aria-invalid');
    await userEvent.type(box, 'ada');
    expect(box).toHaveValue('ada');
    expect(onChange).toHaveBeenCalledTimes(3);
    rerender(<PlainTextField label="Filter users" error helperText="Too long" />);
    const invalid = await screen.findByRole('textbox', { name: 'Filter users' });
    expect(invalid).toHaveAttribute('aria-invalid', 'true');
    expect(invalid).toHaveAccessibleDescription('Too long');
  });

  it('offers a native choice named by its label', async () => {
    const onChange = vi.fn();
    renderWithProviders(
      <PlainSelectField label="Status" value="" onChange={(e) => onChange(e.target.value)}>
        <option value="">All</option>
        <option value="enabled">Enabled</option>
      </PlainSelectField>,
    );
    const choice = await screen.findByRole('combobox', { name: 'Status' });
    await userEvent.selectOptions(choice, 'Enabled');
    expect(onChange).toHaveBeenCalledWith('enabled');
  });

  it('draws an icon button named by its label, with the label as its hover text, and honours disabled', async () => {
    const onClick = vi.fn();
    renderWithProviders(
      <>
        <PlainIconButton label="Next page" icon={SEARCH} onClick={onClick} />
        <PlainIconButton label="Clear the search" icon={CLEAR} small disabled onClick={onClick} />
      </>,
    );
    const next = await screen.findByRole('button', { name: 'Next page' });
    expect(next).toHaveAttribute('title', 'Next page');
    await userEvent.click(next);
    expect(onClick).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Clear the search' }));
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('writes its style sheet once, however many controls mount', async () => {
    renderWithProviders(
      <>
        <PlainTextField label="One" />
        <PlainTextField label="Two" />
        <PlainIconButton label="Three" icon={CLEAR} />
      </>,
    );
    await screen.findByRole('textbox', { name: 'Two' });
    const sheets = document.head.querySelectorAll('style[data-plain-controls]');
    expect(sheets).toHaveLength(1);
    expect(sheets[0]!.textContent).toContain('.pf>label{');
    expect(sheets[0]!.textContent).toContain('.pib{');
  });

  it('takes its colours from the theme’s CSS variables, so one sheet serves both schemes', () => {
    const css = plainControlsCss(theme);
    expect(css).toContain('color:var(--mui-palette-text-secondary');
    expect(css).toContain('border-color:var(--mui-palette-primary-main');
    expect(css).toContain('rgba(var(--mui-palette-common-onBackgroundChannel');
    expect(css).toContain('opacity:var(--mui-opacity-inputPlaceholder');
    // No colour of one scheme written in, outside a variable's fallback.
    const outsideVars = css.replace(/var\([^()]*(\([^()]*\))?[^()]*\)/g, 'var()');
    expect(outsideVars).not.toMatch(/#[0-9a-f]{3,8}\b|rgba?\(\d/i);
  });
});
