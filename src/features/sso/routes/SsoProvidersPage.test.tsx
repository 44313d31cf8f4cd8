import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { editedAnswersSession, WITH_LDAP } from '@/testing/unexpected-answers';
import { renderWithProviders } from '@/testing/render';
import SsoProvidersPage from './SsoProvidersPage';

const session = editedAnswersSession();

function render() {
  return renderWithProviders(<SsoProvidersPage />, { path: '/sso-providers', routePath: '/sso-providers' });
}

describe('SSO providers page, against answers the mock does not give', () => {
  it('lists a provider of an unknown type with its type as it came and "unknown", beside the SAML and OIDC ones', async () => {
    session.serve([WITH_LDAP]);
    render();
    const ldap = await screen.findByRole('row', { name: /corp-ldap/ });
    const table = screen.getByRole('table', { name: 'SSO providers' });
    // The page did not fail: every provider has its row.
    for (const name of ['Okta', 'Microsoft Entra ID', 'Keycloak'])
      expect(within(table).getByRole('row', { name: new RegExp(name) })).toBeVisible();
    expect(ldap).toHaveTextContent('LDAP (unknown)');
    expect(within(table).getByRole('row', { name: /Okta/ })).not.toHaveTextContent('unknown');
    // Its auto-provisioning config has the known shape, so it is read.
    expect(ldap).toHaveTextContent('Off');
  });

  it('offers no edit of a provider of an unknown type (either dialog would rewrite it as SAML or OIDC), but still its deletion', async () => {
    session.serve([WITH_LDAP]);
    render();
    const ldap = await screen.findByRole('row', { name: /corp-ldap/ });
    // The actions show once the signed-in person's permissions are read.
    expect(await within(ldap).findByRole('button', { name: 'Delete corp-ldap' })).toBeVisible();
    expect(within(ldap).queryByRole('button', { name: 'Edit corp-ldap' })).not.toBeInTheDocument();
    expect(ldap).toHaveTextContent('Not editable here');
    // No page to open: only SAML providers have one.
    expect(within(ldap).queryByRole('link')).not.toBeInTheDocument();
    const okta = screen.getByRole('row', { name: /Okta/ });
    expect(within(okta).getByRole('button', { name: 'Edit Okta' })).toBeVisible();
  });

  it('still fails, naming the operation and the field, when a SAML provider lacks a field the console needs', async () => {
    session.serve([
      {
        path: '/api/v2/sso-providers',
        edit: (body: { data: { type: string; details?: Record<string, unknown> }[] }) => ({
          data: body.data.map((p) => (p.type === 'SAML' ? { ...p, details: { ...p.details, sp_acs_uri: undefined } } : p)),
        }),
      },
    ]);
    render();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load the SSO providers');
    expect(alert).toHaveTextContent(/"List SSO providers" was not in the expected shape \(data\.0\.details\.sp_acs_uri: /);
  });
});
