import { describe, expect, it } from 'vitest';
import { acceptRiskBody, acceptRiskDefaults, acceptRiskSchema, NOTE_MAX } from './accept-risk-form';

const now = new Date(2026, 11, 3, 9, 0);
const schema = acceptRiskSchema(() => now);
const messages = (v: unknown) => {
  const r = schema.safeParse(v);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('accept risk form', () => {
  it('defaults to a month from today at noon, which it accepts', () => {
    const d = acceptRiskDefaults(now);
    expect(d.date!.getDate()).toBe(2);
    expect(d.time!.getHours()).toBe(12);
    expect(messages(d)).toEqual([]);
  });

  it('refuses a past expiry and a missing one, naming the field', () => {
    expect(messages({ noExpiry: false, date: new Date(2026, 11, 3), time: new Date(2026, 0, 1, 8, 0), note: '' })).toEqual([
      'date: Expiry date must be in the future',
    ]);
    expect(messages({ noExpiry: false, date: null, time: null, note: '' })).toEqual([
      'date: Expiry date is required: a day such as 1 Jan 2027',
      'time: Expiry time is required: hours and minutes',
    ]);
    expect(messages({ noExpiry: true, date: null, time: null, note: '' })).toEqual([]);
  });

  it('caps the note', () => {
    expect(messages({ noExpiry: true, date: null, time: null, note: 'x'.repeat(NOTE_MAX + 1) })).toEqual([
      `note: Note must be at most ${NOTE_MAX} characters`,
    ]);
  });

  it('sends the expiry as an instant and a trimmed note, or neither', () => {
    const body = acceptRiskBody({
      noExpiry: false,
      date: new Date(2027, 0, 5),
      time: new Date(2000, 0, 1, 14, 30),
      note: ' why ',
    });
    expect(body).toEqual({ acceptUntil: new Date(2027, 0, 5, 14, 30).toISOString(), note: 'why' });
    expect(acceptRiskBody({ noExpiry: true, date: new Date(), time: new Date(), note: '  ' })).toEqual({});
  });
});
