import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PropertiesTable } from './PropertiesTable';

describe('PropertiesTable', () => {
  const props = {
    name: 'JDOE@CORP.ACME.LOCAL',
    objectid: 'S-1-5-21-1-2-3-1104',
    enabled: true,
    hasspn: false,
    lastlogon: 1793523600,
    pwdlastset: -1,
    serviceprincipalnames: ['HTTP/web01', 'HTTP/web02'],
    description: null,
    note: '<b>not html</b>',
  };

  it('shows dates as dates, booleans as marks, lists as chips, and text as text', () => {
    render(<PropertiesTable props={props} />);
    const table = screen.getByRole('table', { name: 'Properties' });
    const row = (label: RegExp) => within(table).getByRole('row', { name: label });
    expect(row(/^Enabled/)).toHaveTextContent('Yes');
    expect(row(/^Has SPN/)).toHaveTextContent('No');
    expect(within(row(/^Last logon/)).getByText('1 Nov 2026, 09:00 UTC').tagName).toBe('TIME');
    expect(row(/^Password last set/)).toHaveTextContent('Never');
    expect(
      within(row(/^Service principal names/))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['HTTP/web01', 'HTTP/web02']);
    expect(row(/^Description/)).toHaveTextContent('none');
    expect(row(/^Note/)).toHaveTextContent('<b>not html</b>');
    // The first rows are the name and the object id.
    expect(within(table).getAllByRole('rowheader')[0]).toHaveTextContent('Name');
    expect(within(table).getAllByRole('rowheader')[1]).toHaveTextContent('Object ID');
  });

  it('shows the raw JSON on demand', async () => {
    const user = userEvent.setup({ delay: null });
    render(<PropertiesTable props={props} />);
    await user.click(screen.getByRole('button', { name: 'Show raw JSON' }));
    expect(screen.getByLabelText('Properties as JSON', { selector: 'pre' })).toHaveTextContent(
      '"objectid": "S-1-5-21-1-2-3-1104"',
    );
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show as table' }));
    expect(screen.getByRole('table', { name: 'Properties' })).toBeInTheDocument();
  });
});
