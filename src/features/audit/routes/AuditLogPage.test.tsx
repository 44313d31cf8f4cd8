// @vitest-environment jsdom
import { configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MockServer } from '@/mock-server/app';
import { routeFetchWithEdits, signInSession, testMockServer } from '@/testing/mock-service';
import { renderWithProviders } from '@/testing/render';
import { AUDIT_WITH_UNKNOWN_ACTION } from '@/testing/unexpected-answers';
import AuditLogPage from './AuditLogPage';

// The machine may be busy: allow waits of up to 10 s.
configure({ asyncUtilTimeout: 10_000 });

/** jsdom's Uint8Array is not Node's; jose (in the mock) wants Node's, so the key is built from this realm's Uint8Array. */
const JWT_SECRET = new Uint8Array([...Buffer.from('unit-test-secret')]);

let mock: MockServer;
let restore: () => void = () => {};

beforeEach(async () => {
  mock = testMockServer({ jwtSecret: JWT_SECRET });
  await signInSession(mock, 'admin');
});

afterEach(() => {
  restore();
  sessionStorage.clear();
});

describe('Audit log, against answers the mock does not give', { timeout: 30_000 }, () => {
  it('shows an entry of an unknown action and status as they came, "unknown" where the words would be', async () => {
    restore = routeFetchWithEdits(mock, [AUDIT_WITH_UNKNOWN_ACTION]);
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
