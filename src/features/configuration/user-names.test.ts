import { describe, expect, it } from 'vitest';
import type { User } from '@/api/schemas/users';
import type { Person } from '@/api/users';
import { listOf } from './components/sharing-panel';
import { userLabel } from './user-names';

const user = (id: string, first: string | null, last: string | null, principal: string, email: string | null) =>
  ({
    id,
    principal_name: principal,
    first_name: { string: first ?? '', valid: first !== null },
    last_name: { string: last ?? '', valid: last !== null },
    email_address: { string: email ?? '', valid: email !== null },
  }) as unknown as User;

describe('userLabel', () => {
  const users = [user('a', 'Ada', 'Admin', 'admin', 'admin@example.com'), user('b', null, null, 'svc', null)];
  it('names a user by full name, principal and email', () => {
    expect(userLabel(users, 'A')).toEqual({ name: 'Ada Admin', detail: 'admin · admin@example.com' });
    expect(userLabel(users, 'b')).toEqual({ name: 'svc', detail: null });
  });
  it('names a person of the minimal list (no principal name) by full name, else email, with the email as detail once', () => {
    const text = (v: string | null) => ({ string: v ?? '', valid: v !== null });
    const people: Person[] = [
      { id: 'r', first_name: text('Rita'), last_name: text('Reader'), email_address: text('reader@example.com') },
      { id: 's', first_name: text(null), last_name: text(null), email_address: text('svc@example.com') },
    ];
    expect(userLabel(people, 'r')).toEqual({ name: 'Rita Reader', detail: 'reader@example.com' });
    expect(userLabel(people, 's')).toEqual({ name: 'svc@example.com', detail: null });
  });
  it('says when a user is unknown, and shows the id when no list could be read', () => {
    expect(userLabel(users, 'zzz')).toEqual({ name: 'Unknown user', detail: 'zzz' });
    expect(userLabel(undefined, 'zzz')).toEqual({ name: 'zzz', detail: null });
  });
});

describe('listOf', () => {
  it('joins names for a sentence', () => {
    expect(listOf(['A'])).toBe('A');
    expect(listOf(['A', 'B'])).toBe('A and B');
    expect(listOf(['A', 'B', 'C'])).toBe('A, B and C');
    expect(listOf(['A', 'B', 'C', 'D', 'E'])).toBe('A, B and 3 others');
  });
});
