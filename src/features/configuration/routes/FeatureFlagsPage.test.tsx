import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MockServer } from '@/mock-server/app';
import { routeFetchTo, testMockServer, signInSession } from '@/testing/mock-service';
import { renderWithProviders } from '@/testing/render';
import FeatureFlagsPage from './FeatureFlagsPage';

let mock: MockServer;
let restore: () => void;

const signInAs = (username: string) => signInSession(mock, username);

beforeEach(() => {
  mock = testMockServer();
  restore = routeFetchTo(mock);
});
afterEach(() => {
  restore();
  sessionStorage.clear();
});

const flag = (key: string) => mock.db.state.featureFlags.find((f) => f.key === key)!;

/** A switch once it can be used: the page keeps the switches off until the signed-in user's permissions are read. */
async function usableSwitch(name: string) {
  const s = await screen.findByRole('switch', { name });
  await waitFor(() => expect(s).toBeEnabled());
  return s;
}

describe('Feature flags page', () => {
  it('toggles at once and keeps the server’s answer', async () => {
    await signInAs('admin');
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<FeatureFlagsPage />, { path: '/feature-flags', routePath: '/feature-flags' });
    const dark = await usableSwitch('Dark Mode');
    expect(dark).not.toBeChecked();
    await user.click(dark);
    expect(screen.getByRole('switch', { name: 'Dark Mode' })).toBeChecked();
    expect(await screen.findByText('Dark Mode is now on.')).toBeInTheDocument();
    expect(flag('dark_mode').enabled).toBe(true);
  });

  it('rolls the switch back and says why when the server refuses', async () => {
    await signInAs('admin');
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<FeatureFlagsPage />, { path: '/feature-flags', routePath: '/feature-flags' });
    const ntlm = await usableSwitch('NTLM Post Processing Support');
    // Between the list and the toggle the flag stops being user-updatable: the server refuses it.
    flag('ntlm_post_processing').user_updatable = false;
    await user.click(ntlm);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'NTLM Post Processing Support was not changed: The feature flag "NTLM Post Processing Support" is managed by the server and cannot be changed by users.',
    );
    await waitFor(() => expect(screen.getByRole('switch', { name: 'NTLM Post Processing Support' })).not.toBeChecked());
    expect(flag('ntlm_post_processing').enabled).toBe(false);
    // After the refusal the list is read again: the flag now shows as managed by the server.
    const row = screen.getByRole('row', { name: /NTLM Post Processing Support/ });
    await waitFor(() =>
      expect(within(row).getByText('Managed by the server: users cannot change this flag.')).toBeInTheDocument(),
    );
    expect(within(row).getByRole('switch')).toBeDisabled();
  });

  it('asks before changing a flag whose effect is destructive or broad, and changes nothing on Cancel', async () => {
    await signInAs('admin');
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<FeatureFlagsPage />, { path: '/feature-flags', routePath: '/feature-flags' });
    const clear = await usableSwitch('Clear Graph Data');
    expect(clear).toBeChecked();
    await user.click(clear);
    const dialog = await screen.findByRole('dialog', { name: 'Turn off Clear Graph Data?' });
    expect(dialog).toHaveTextContent('No administrator will be able to delete graph data');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('switch', { name: 'Clear Graph Data' })).toBeChecked();
    expect(flag('clear_graph_data').enabled).toBe(true);

    await user.click(await usableSwitch('Clear Graph Data'));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByText('Clear Graph Data is now off.')).toBeInTheDocument();
    expect(flag('clear_graph_data').enabled).toBe(false);
  });

  it('shows every switch read-only to a role that cannot write the configuration', async () => {
    await signInAs('reader');
    renderWithProviders(<FeatureFlagsPage />, { path: '/feature-flags', routePath: '/feature-flags' });
    expect(
      await screen.findByText(
        /^You can see the feature flags, but your role cannot change them\. The Administrator or Power User roles can: someone with the Administrator role can give you one, on the Users page\./,
      ),
    ).toBeInTheDocument();
    for (const s of screen.getAllByRole('switch')) expect(s).toBeDisabled();
  });
});
