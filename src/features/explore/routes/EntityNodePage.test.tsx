import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { configureAuth } from '@/api/client';
import type { MockServer } from '@/mock-server/app';
import { directoryGraph } from '@/mock-server/seed/graph';
import { routeFetchTo, signInSession, testMockServer } from '@/testing/mock-service';
import { renderWithProviders } from '@/testing/render';
import { getEntityNode, kindWithOperation } from '../api/get-entity-node';
import EntityNodePage from './EntityNodePage';

let mock: MockServer;
let restore: () => void;
const graph = directoryGraph();

beforeEach(() => {
  mock = testMockServer();
  restore = routeFetchTo(mock);
});

afterEach(() => {
  restore();
  sessionStorage.clear();
});

const renderNode = (id: string) =>
  renderWithProviders(<EntityNodePage />, { path: `/entities/nodes/${id}`, routePath: '/entities/nodes/:objectId' });

describe('the object of any kind', () => {
  it('picks the kind whose operation answers it', () => {
    expect(kindWithOperation(['Base', 'Group'])).toBe('Group');
    expect(kindWithOperation(['Base', 'User'])).toBe('User');
    expect(kindWithOperation(['Base', 'IssuancePolicy'])).toBeNull();
    expect(kindWithOperation(undefined)).toBeNull();
  });

  it('reads the kind from the base information, then the kind’s own counts', async () => {
    const token = await signInSession(mock, 'reader');
    configureAuth(
      () => token,
      () => {},
    );
    const domain = graph.domains[0]!;
    const node = await getEntityNode(domain.objectid, true);
    expect(node.kind).toBe('Domain');
    expect(node.info.users).toBeGreaterThan(0);
    const policy = graph.nodes.find((n) => n.primaryKind === 'IssuancePolicy')!;
    const base = await getEntityNode(policy.objectid, true);
    expect(base.kind).toBeNull();
    expect(Object.keys(base.info).filter((k) => k !== 'props' && k !== 'kinds')).toEqual(['controllables']);
  });

  it('shows a group’s name, kinds, labelled counts and properties', async () => {
    await signInSession(mock, 'reader');
    const group = graph.nodes.find((n) => n.name === 'DOMAIN ADMINS@CORP.ACME.LOCAL')!;
    renderNode(group.objectid);
    expect(await screen.findByText('Members')).toBeVisible();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(group.name);
    expect(
      within(screen.getByRole('list', { name: 'Kinds' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Base', 'Group']);
    const counts = screen.getByLabelText('Counts', { selector: 'dl' });
    expect(within(counts).getByText('Members')).toBeVisible();
    expect(within(counts).getByText('Inbound object control')).toBeVisible();
    expect(within(screen.getByRole('table', { name: 'Properties' })).getByText(group.objectid)).toBeVisible();
  });

  it('says when no object has the id', async () => {
    await signInSession(mock, 'reader');
    renderNode('S-1-5-21-1-2-3-999999');
    expect(await screen.findByText('No node with object id S-1-5-21-1-2-3-999999 exists.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Look up another id' })).toHaveAttribute(
      'href',
      '/entities?kind=any&id=S-1-5-21-1-2-3-999999',
    );
  });
});
