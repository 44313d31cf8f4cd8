import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { editedAnswersSession, UPLOAD_WITH_UNKNOWN_STATUS, WITH_LDAP } from '@/testing/unexpected-answers';
import HomePage from './HomePage';

const session = editedAnswersSession();

describe('Home page, against answers the mock does not give', { timeout: 30_000 }, () => {
  it('counts an SSO provider of an unknown type by its type as it came, and shows an upload of an unknown status', async () => {
    session.serve([WITH_LDAP, UPLOAD_WITH_UNKNOWN_STATUS]);
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
