import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, expect, it } from 'vitest';
import type { AssetGroupTag } from '@/api/schemas/privilege-zones';
import { signInSession, testMockServer } from '@/testing/mock-service';
import { renderWithProviders } from '@/testing/render';
import { routeZonesTo, tagOf, TIER_ZERO } from '@/testing/zones-answers';
import { ZoneOrderDialog } from './ZoneOrderDialog';

let restore = () => {};
afterEach(() => {
  restore();
  sessionStorage.clear();
});

const ZONES = [
  TIER_ZERO,
  tagOf({ id: 2, type: 1, name: 'Servers', position: 2 }),
  tagOf({ id: 3, type: 1, name: 'Workstations', position: 3 }),
];

/** The order the server keeps: a move puts the zone at its new position and renumbers the rest. */
function moved(zones: readonly AssetGroupTag[], id: number, position: number): AssetGroupTag[] {
  const zone = zones.find((z) => z.id === id)!;
  const others = zones.filter((z) => z.id !== id);
  others.splice(position - 1, 0, zone);
  return others.map((z, i) => ({ ...z, position: i + 1 }));
}

/** The dialog over the list the page reads again after each move. */
let showZones: (zones: AssetGroupTag[]) => void = () => {};
function Harness() {
  const [zones, setZones] = useState<AssetGroupTag[]>(ZONES);
  showZones = setZones;
  return <ZoneOrderDialog open tags={zones} onClose={() => {}} />;
}

it('moves a zone with the keyboard, keeps Tier Zero first, and keeps the focus on the moved zone', async () => {
  const mock = testMockServer();
  let zones = ZONES;
  const routed = routeZonesTo(mock, (r) => {
    const id = Number(r.url.split('/').pop());
    zones = moved(zones, id, (r.body as { position: number }).position);
    setTimeout(() => showZones(zones));
    return { status: 200, body: { data: zones.find((z) => z.id === id) } };
  });
  restore = routed.restore;
  await signInSession(mock, 'admin');
  const user = userEvent.setup({ delay: null });
  renderWithProviders(<Harness />);
  const dialog = await screen.findByRole('dialog', { name: 'Reorder zones' });
  const items = () => within(within(dialog).getByRole('list', { name: 'Zones in order' })).getAllByRole('listitem');
  expect(items().map((li) => li.textContent)).toEqual(['1. Tier ZeroAlways first', '2. Servers', '3. Workstations']);
  // Tier Zero has no moves; the zone after it cannot go above it.
  expect(within(dialog).queryByRole('button', { name: 'Move Tier Zero down' })).not.toBeInTheDocument();
  expect(within(dialog).getByRole('button', { name: 'Move Servers up' })).toBeDisabled();

  within(dialog).getByRole('button', { name: 'Move Workstations up' }).focus();
  await user.keyboard('{Enter}');
  await waitFor(() =>
    expect(items().map((li) => li.textContent)).toEqual(['1. Tier ZeroAlways first', '2. Workstations', '3. Servers']),
  );
  expect(routed.sent.map((r) => [r.method, r.url, r.body])).toEqual([['PATCH', '/api/v2/asset-group-tags/3', { position: 2 }]]);
  expect(within(dialog).getByRole('status')).toHaveTextContent(
    'Workstations moved to position 2. Members update after the next analysis.',
  );
  // Up is off now (Tier Zero is above): the focus is on the same zone's other move.
  await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Move Workstations down' })).toHaveFocus());
});
