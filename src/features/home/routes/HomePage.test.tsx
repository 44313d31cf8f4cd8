// @vitest-environment jsdom
import { configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MockServer } from '@/mock-server/app';
import { routeFetchWithEdits, signInSession, testMockServer } from '@/testing/mock-service';
import { renderWithProviders } from '@/testing/render';
import { UPLOAD_WITH_UNKNOWN_STATUS, WITH_LDAP } from '@/testing/unexpected-answers';
import HomePage from './HomePage';

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

describe('Home page, against answers the mock does not give', { timeout: 30_000 }, () => {
  it('counts an SSO provider of an unknown type by its type as it came, and shows an upload of an unknown status', async () => {
    restore = routeFetchWithEdits(mock, [WITH_LDAP, UPLOAD_WITH_UNKNOWN_STATUS]);
    renderWithProviders(<HomePage />);
    const sso = await screen.findByRole('region', { name: 'SSO providers' });
    await waitFor(() => expect(sso).toHaveTextContent('4SSO providers'));
    expect(sso).toHaveTextContent('1 LDAP (unknown) · 1 OIDC · 2 SAML');

    const uploads = await screen.findByRole('table', { name: /upload/i });
    await waitFor(() => expect(within(uploads).getAllByRole('row').length).toBeGreaterThan(1));
    const rows = within(uploads).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('42 (unknown)');
    // The other rows keep their words.
    expect(
      rows.slice(1).some((r) => /Complete|Failed|Running|Ingesting|Analyzing|Partially complete/.test(r.textContent ?? '')),
    ).toBe(true);
  });
});
