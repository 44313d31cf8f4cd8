import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS, AUDIT_STATUSES } from '@/api/schemas/audit';
import { ACTION_CHOICES, actionWords, STATUS_CHOICES, statusWords } from './actions';
import { compareText } from '@/shared/compare-text';

describe('action words', () => {
  it('reads the known actions as words', () => {
    expect(actionWords('CreateUser')).toBe('Create user');
    expect(actionWords('UpdateUser')).toBe('Update user');
    expect(actionWords('LoginAttempt')).toBe('Sign-in attempt');
    expect(actionWords('CreateSAMLIdentityProvider')).toBe('Create SAML provider');
    expect(actionWords('DeleteBloodhoundData')).toBe('Clear database');
  });

  it('has words for every action of the schema, each different', () => {
    const words = AUDIT_ACTIONS.map((a) => actionWords(a));
    expect(words.filter((w) => w === null)).toEqual([]);
    expect(new Set(words).size).toBe(AUDIT_ACTIONS.length);
  });

  it('gives no words for an action it does not know (it shows as it came), nor for inherited names', () => {
    expect(actionWords('FrobnicateWidget')).toBeNull();
    expect(actionWords('toString')).toBeNull();
    expect(actionWords('')).toBeNull();
  });

  it('offers every known action as a choice, by its words', () => {
    expect(ACTION_CHOICES.map((c) => c.value).sort()).toEqual([...AUDIT_ACTIONS].sort());
    expect(ACTION_CHOICES.find((c) => c.value === 'UpdateUser')?.label).toBe('Update user');
    const labels = ACTION_CHOICES.map((c) => c.label);
    expect(labels).toEqual([...labels].sort((a, b) => compareText(a, b)));
  });
});

describe('status words', () => {
  it('names the three statuses and shows an unknown one as it came', () => {
    expect(AUDIT_STATUSES.map(statusWords)).toEqual(['Intent', 'Success', 'Failure']);
    expect(statusWords('rolled_back')).toBe('rolled_back');
    expect(STATUS_CHOICES.map((c) => c.value)).toEqual([...AUDIT_STATUSES]);
  });
});
