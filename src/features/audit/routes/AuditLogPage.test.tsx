import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { AUDIT_WITH_UNKNOWN_ACTION, editedAnswersSession } from '@/testing/unexpected-answers';
import AuditLogPage from './AuditLogPage';

const session = editedAnswersSession();

describe('Audit log, against answers the mock does not give', { timeout: 30_000 }, () => {
  it('shows an entry of an unknown action and status as they came, "unknown" where the words would be', async () => {
    session.serve([AUDIT_WITH_UNKNOWN_ACTION]);
    renderWithProviders(<AuditLogPage />, { path: '/audit', routePath: '/audit' });
    const table = await screen.findByRole('table', { name: 'Audit log' });
    await waitFor(() => expect(table).toHaveAttribute('aria-busy', 'false'));
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.length).toBeGreaterThan(10);
    expect(rows[0]).toHaveTextContent('ExportAuditLog (unknown)');
    expect(rows[0]).toHaveTextContent('rolled_back (unknown)');
    // The rest keep their words.
    expect(rows.slice(1).filter((r) => r.textContent?.includes('(unknown)'))).toEqual([]);
  });
});
