import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { routeFetchTo, signInSession, testMockServer } from '@/testing/mock-service';
import { renderWithProviders } from '@/testing/render';
import { certificationOf, routeZonesTo, TAGS, type SentRequest, type ZonesAnswer } from '@/testing/zones-answers';
import CertificationPage from './CertificationPage';

let restore = () => {};
afterEach(() => {
  restore();
  sessionStorage.clear();
});

const RECORDS = [
  certificationOf(11, 'ALICE@CORP.LOCAL', 0),
  certificationOf(12, 'BOB@CORP.LOCAL', 1),
  certificationOf(13, 'SVC_SQL@CORP.LOCAL', 3),
];

function answer(r: SentRequest): ZonesAnswer {
  if (r.url.startsWith('/api/v2/asset-group-tags/certifications') && r.method === 'GET') {
    const status = r.params.get('certified');
    const rows = RECORDS.filter((c) => !status || `eq:${c.certified}` === status);
    return { status: 200, body: { count: rows.length, skip: 0, limit: 25, data: { members: rows } } };
  }
  if (r.url === '/api/v2/asset-group-tags/certifications') return { status: 200, body: {} };
  return { status: 200, body: { data: { tags: TAGS } } };
}

async function start(edition: 'enterprise' | 'community' = 'enterprise', username = 'admin') {
  const mock = testMockServer({ edition });
  const routed = routeZonesTo(mock, edition === 'community' ? () => ({ status: 404 }) : answer);
  restore = routed.restore;
  await signInSession(mock, username);
  return routed.sent;
}

describe('Certification queue', () => {
  it('certifies the picked objects with a note; an automatic one cannot be picked and says why', async () => {
    const sent = await start();
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<CertificationPage />, {
      path: '/privilege-zones/certification',
      routePath: '/privilege-zones/certification',
    });
    const table = await screen.findByRole('table', { name: 'Certification queue' });
    const alice = await within(table).findByRole('row', { name: /ALICE@CORP.LOCAL/ });
    expect(alice).toHaveTextContent('Pending');
    expect(alice).toHaveTextContent('Tier One Servers');
    const automatic = within(table).getByRole('checkbox', { name: 'Select SVC_SQL@CORP.LOCAL' });
    expect(automatic).toBeDisabled();
    expect(automatic).toHaveAccessibleDescription(/certified automatically by the rule that selects it/);

    // Nothing picked: the page says so and sends nothing.
    await user.click(screen.getByRole('button', { name: 'Certify selected' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Pick at least one object in the table first.');

    await user.click(screen.getByRole('checkbox', { name: 'Select all on this page' }));
    expect(screen.getByText('2 objects selected.')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Note' }), 'Reviewed with the AD team');
    await user.click(screen.getByRole('button', { name: 'Certify selected' }));
    expect(
      await screen.findByText(/2 objects certified\. Zones that require certification change at the next analysis\./),
    ).toBeInTheDocument();
    expect(sent.filter((r) => r.method === 'POST').map((r) => r.body)).toEqual([
      { member_ids: [11, 12], action: 2, note: 'Reviewed with the AD team' },
    ]);
    expect(screen.getByText('No objects selected.')).toBeInTheDocument();
  });

  it('on the mock’s seeded queue, filters by status through the address and revokes one object with a note', async () => {
    const mock = testMockServer();
    restore = routeFetchTo(mock);
    await signInSession(mock, 'admin');
    const user = userEvent.setup({ delay: null });
    const { router } = renderWithProviders(<CertificationPage />, {
      path: '/privilege-zones/certification',
      routePath: '/privilege-zones/certification',
    });
    const table = await screen.findByRole('table', { name: 'Certification queue' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Certified');
    await waitFor(() => expect(router.state.location.search).toBe('?certified=eq:2'));
    await waitFor(() => expect(within(table).queryByText('Revoked')).not.toBeInTheDocument());
    const box = within(table).getAllByRole('checkbox', { name: /^Select / })[0]!;
    const name = box.getAttribute('aria-label')!.replace(/^Select /, '');
    await user.click(box);
    await user.type(screen.getByRole('textbox', { name: 'Note' }), 'Not a production server');
    await user.click(screen.getByRole('button', { name: 'Revoke selected' }));
    expect(await screen.findByText(/1 object revoked\./)).toBeInTheDocument();
    // The queue is read again: the object has left the certified view.
    await waitFor(() => expect(within(table).queryByRole('checkbox', { name: `Select ${name}` })).not.toBeInTheDocument());
    const record = mock.db.state.privilegeZones.history.find((h) => h.action === 'CertifyNodeRevoked' && h.target === name);
    expect(record?.note).toBe('Not a production server');
  });

  it('on a community server explains that certification is an enterprise feature', async () => {
    await start('community');
    renderWithProviders(<CertificationPage />, {
      path: '/privilege-zones/certification',
      routePath: '/privilege-zones/certification',
    });
    expect(await screen.findByText('Certification needs the enterprise edition')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Certify selected' })).not.toBeInTheDocument();
  });
});
