import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { AssetGroupTag } from '@/api/schemas/privilege-zones';
import { signInSession, testMockServer } from '@/testing/mock-service';
import { renderWithProviders } from '@/testing/render';
import {
  errorAnswer,
  routeZonesTo,
  SERVERS_ZONE,
  tagOf,
  TAGS,
  TIER_ZERO,
  type SentRequest,
  type ZonesAnswer,
} from '@/testing/zones-answers';
import { TagAdminActions, TagListActions } from './tag-admin';

let restore = () => {};
afterEach(() => {
  restore();
  sessionStorage.clear();
});

async function start(answer: (r: SentRequest) => ZonesAnswer, edition: 'enterprise' | 'community' = 'enterprise') {
  const mock = testMockServer({ edition });
  const routed = routeZonesTo(mock, answer);
  restore = routed.restore;
  await signInSession(mock, 'admin');
  return routed.sent;
}

const created = (body: Partial<AssetGroupTag>): ZonesAnswer => ({
  status: 201,
  body: { data: tagOf({ id: 9, type: 1, name: 'x', ...body }) },
});

describe('creating a zone', () => {
  it('says what is wrong with the name and the glyph at their fields, keeps what was typed, and sends the zone last in order', async () => {
    const sent = await start((r) => created(r.body as Partial<AssetGroupTag>));
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<TagListActions tags={TAGS} onCreated={() => {}} />);
    await user.click(await screen.findByRole('button', { name: 'Create zone' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create a zone' });
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    await user.type(name, 'Ops/Prod');
    await user.click(within(dialog).getByRole('button', { name: 'Create zone' }));
    expect(await within(dialog).findByText('Name: use only letters, digits, spaces and underscores.')).toBeInTheDocument();
    expect(within(dialog).getByText('Glyph: pick the icon the zone is shown with.')).toBeInTheDocument();
    expect(name).toHaveValue('Ops/Prod');

    await user.clear(name);
    await user.type(name, 'Tier Two Apps');
    await user.click(within(dialog).getByRole('combobox', { name: /Glyph/ }));
    // Another zone's glyph is offered but cannot be picked, and says whose it is.
    expect(screen.getByRole('option', { name: /Gem \(used by Tier Zero\)/ })).toHaveAttribute('aria-disabled', 'true');
    await user.click(screen.getByRole('option', { name: 'Shield' }));
    await user.click(within(dialog).getByRole('switch', { name: 'Require certification' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create zone' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent.filter((r) => r.method === 'POST')).toEqual([
      expect.objectContaining({
        url: '/api/v2/asset-group-tags',
        body: { name: 'Tier Two Apps', type: 1, description: '', require_certify: true, glyph: 'shield', position: 3 },
      }),
    ]);
    expect(await screen.findByText(/Zone Tier Two Apps was created/)).toBeInTheDocument();
  });

  it('shows the server’s refusal of a duplicate name under the name, and keeps the form open', async () => {
    await start(() => errorAnswer(409, 'name', 'a tag named Critical Systems already exists'));
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<TagListActions tags={TAGS} onCreated={() => {}} />);
    await user.click(await screen.findByRole('button', { name: 'Create label' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create a label' });
    // A label has no zone-only fields.
    expect(within(dialog).queryByRole('combobox', { name: /Glyph/ })).not.toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Critical Systems');
    await user.click(within(dialog).getByRole('button', { name: 'Create label' }));
    expect(await within(dialog).findByText(/a tag named Critical Systems already exists/)).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveValue('Critical Systems');
  });

  it('on a community server offers no creation and says why', async () => {
    await start(() => ({ status: 404 }), 'community');
    renderWithProviders(<TagListActions tags={TAGS} onCreated={() => {}} />);
    expect(
      await screen.findByText('Zones and labels are created, reordered and deleted on the enterprise edition.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create zone' })).not.toBeInTheDocument();
  });
});

describe('editing and deleting a zone', () => {
  it('shows Tier Zero’s fixed fields with the reason, offers no delete, and sends only what changed', async () => {
    const sent = await start((r) => ({ status: 200, body: { data: { ...TIER_ZERO, ...(r.body as object) } } }));
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<TagAdminActions tag={TIER_ZERO} tags={TAGS} onDeleted={() => {}} />);
    expect(await screen.findByText('Tier Zero cannot be deleted.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete zone' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Edit zone' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Tier Zero' });
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toBeDisabled();
    expect(within(dialog).getByText('Tier Zero cannot be renamed.')).toBeInTheDocument();
    expect(within(dialog).getByText('Tier Zero’s glyph is fixed.')).toBeInTheDocument();
    expect(within(dialog).getByRole('switch', { name: 'Analysis enabled' })).toBeDisabled();
    const description = within(dialog).getByRole('textbox', { name: 'Description' });
    await user.clear(description);
    await user.type(description, 'Domain controllers and their admins');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent.some((r) => r.method === 'PATCH')).toBe(true));
    expect(sent.find((r) => r.method === 'PATCH')).toEqual(
      expect.objectContaining({
        url: '/api/v2/asset-group-tags/1',
        body: { description: 'Domain controllers and their admins' },
      }),
    );
  });

  it('on a community server lets only Tier Zero’s description change, and says so', async () => {
    await start(() => ({ status: 404 }), 'community');
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<TagAdminActions tag={TIER_ZERO} tags={TAGS} onDeleted={() => {}} />);
    await user.click(await screen.findByRole('button', { name: 'Edit zone' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Tier Zero' });
    expect(within(dialog).getByRole('note')).toHaveTextContent(
      'On the community edition only Tier Zero’s description can be changed',
    );
    expect(within(dialog).getByRole('switch', { name: 'Require certification' })).toBeDisabled();
    expect(within(dialog).getByRole('textbox', { name: 'Description' })).toBeEnabled();
  });

  it('asks before deleting a zone, saying what happens to its rules and objects', async () => {
    const sent = await start(() => ({ status: 204 }));
    const user = userEvent.setup({ delay: null });
    let left = false;
    renderWithProviders(<TagAdminActions tag={SERVERS_ZONE} tags={TAGS} onDeleted={() => (left = true)} />);
    await user.click(await screen.findByRole('button', { name: 'Delete zone' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Tier One Servers?' });
    expect(dialog).toHaveTextContent('Its 3 rules are deleted at once');
    expect(dialog).toHaveTextContent('12 objects lose the zone at the next analysis.');
    await user.click(within(dialog).getByRole('button', { name: 'Delete zone' }));
    await waitFor(() => expect(left).toBe(true));
    expect(sent.filter((r) => r.method === 'DELETE').map((r) => r.url)).toEqual(['/api/v2/asset-group-tags/2']);
  });
});
