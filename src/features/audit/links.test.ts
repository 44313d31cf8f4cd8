import { describe, expect, it } from 'vitest';
import { actorLink, objectLinks } from './links';

const ADA = '3f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d4e';
const GONE = '11111111-2222-4333-8444-555555555555';
const known = (id: string) => id === ADA;

describe('actorLink', () => {
  it("links a user actor to their page, named by the entry's name", () => {
    expect(actorLink({ actor_id: ADA, actor_name: 'ada', actor_email: 'ada@example.com' })).toEqual({
      label: 'User ada',
      to: `/users/${ADA}`,
    });
  });

  it('links nobody for a sign-in with no actor, or an actor the users list does not hold (a client, a deleted user)', () => {
    expect(actorLink({ actor_id: '', actor_name: '', actor_email: '' })).toBeNull();
    expect(actorLink({ actor_id: '00000000-0000-0000-0000-000000000000', actor_name: '', actor_email: '' })).toBeNull();
    expect(actorLink({ actor_id: GONE, actor_name: 'SharpHound HQ', actor_email: '' }, known)).toBeNull();
    expect(actorLink({ actor_id: ADA, actor_name: 'ada', actor_email: '' }, known)).not.toBeNull();
  });
});

describe('objectLinks', () => {
  it('links a changed user to their page, by the path id and the recorded principal name', () => {
    expect(objectLinks({ action: 'UpdateUser', fields: { user_id: ADA, principal_name: 'ada', first_name: 'Ada' } })).toEqual([
      { label: 'User ada', to: `/users/${ADA}` },
    ]);
    expect(objectLinks({ action: 'UpdateAuthSecret', fields: { user_id: ADA, change: 'enrol_mfa' } })).toEqual([
      { label: `User ${ADA}`, to: `/users/${ADA}` },
    ]);
  });

  it('links a created user by the id the answer gave', () => {
    expect(objectLinks({ action: 'CreateUser', fields: { principal_name: 'new.one', id: ADA } })).toEqual([
      { label: 'User new.one', to: `/users/${ADA}` },
    ]);
    expect(objectLinks({ action: 'CreateUser', fields: { principal_name: 'new.one' } })).toEqual([
      { label: 'Users', to: '/users' },
    ]);
  });

  it('links a deleted user, or one the console does not know, to the users list only', () => {
    expect(objectLinks({ action: 'DeleteUser', fields: { user_id: ADA } })).toEqual([{ label: 'Users', to: '/users' }]);
    expect(objectLinks({ action: 'UpdateUser', fields: { user_id: GONE } }, known)).toEqual([{ label: 'Users', to: '/users' }]);
  });

  it('links asset groups by id, except a deleted one', () => {
    expect(objectLinks({ action: 'UpdateAssetGroup', fields: { asset_group_id: 3, asset_group_name: 'Owned' } })).toEqual([
      { label: 'Asset group Owned', to: '/asset-groups/3' },
    ]);
    expect(objectLinks({ action: 'CreateAssetGroup', fields: { name: 'New', id: 9 } })).toEqual([
      { label: 'Asset group New', to: '/asset-groups/9' },
    ]);
    expect(objectLinks({ action: 'DeleteAssetGroupSelector', fields: { asset_group_id: '3' } })[0]!.to).toBe('/asset-groups/3');
    expect(objectLinks({ action: 'DeleteAssetGroup', fields: { asset_group_id: 3 } })).toEqual([
      { label: 'Asset groups', to: '/asset-groups' },
    ]);
  });

  it('links the list pages where the console has no page of the object', () => {
    const to = (action: string, fields: Record<string, unknown> = {}) => objectLinks({ action, fields }).map((l) => l.to);
    expect(to('UpdateSAMLIdentityProvider', { sso_provider_id: 1 })).toEqual(['/sso-providers']);
    expect(to('CreateSavedQuery')).toEqual(['/saved-queries']);
    expect(to('UpdateParameter')).toEqual(['/configuration']);
    expect(to('ToggleEarlyAccessFeatureFlag')).toEqual(['/feature-flags']);
    expect(to('CreateCustomNodes')).toEqual(['/node-kinds']);
    expect(to('DeleteCustomNode', { kind_name: 'GHUser' })).toEqual(['/node-kinds']);
    expect(to('ReplaceClientToken', { client_id: 'x' })).toEqual(['/clients']);
    expect(to('EndFileUploadJob')).toEqual(['/file-ingest']);
    expect(to('UpdateScheduledEvent', { event_id: 4 })).toEqual(['/events/4']);
    expect(to('DeleteScheduledEvent', { event_id: 4 })).toEqual(['/events']);
  });

  it('links nothing where the console has no page, or the entry carries nothing to go by', () => {
    for (const action of ['LoginAttempt', 'Logout', 'RequestAnalysis', 'DeleteBloodhoundData', 'SomethingNew'])
      expect(objectLinks({ action, fields: { id: 3 } }), action).toEqual([]);
    expect(objectLinks({ action: 'UpdateUser', fields: null })).toEqual([{ label: 'Users', to: '/users' }]);
  });
});
