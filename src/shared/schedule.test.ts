import { describe, expect, it } from 'vitest';
import { describeSchedule, nextRun, upcomingRuns } from './schedule';

const NOW = new Date('2026-11-01T09:00:00Z');

describe('recurrence rules in words', () => {
  it.each([
    ['DTSTART:20261001T020000Z\nRRULE:FREQ=DAILY;INTERVAL=1', 'Every day at 02:00 UTC', '2026-11-02T02:00:00.000Z'],
    [
      'DTSTART:20261001T223000Z\nRRULE:FREQ=WEEKLY;BYDAY=MO,WE,FR',
      'Every week on Monday, Wednesday, Friday at 22:30 UTC',
      '2026-11-02T22:30:00.000Z',
    ],
    [
      'DTSTART:20261001T000000Z\nRRULE:FREQ=HOURLY;INTERVAL=4',
      'Every 4 hours on the hour, from 00:00 UTC',
      '2026-11-01T12:00:00.000Z',
    ],
    ['DTSTART:20261001T001500Z\nRRULE:FREQ=HOURLY', 'Every hour at 15 minutes past the hour', '2026-11-01T09:15:00.000Z'],
    [
      'DTSTART:20261001T020000Z\nRRULE:FREQ=DAILY;BYHOUR=2,14;BYMINUTE=30',
      'Every day at 02:30 and 14:30 UTC',
      '2026-11-01T14:30:00.000Z',
    ],
    [
      'DTSTART:20261001T040000Z\nRRULE:FREQ=MONTHLY;BYMONTHDAY=1',
      'Every month on the 1st at 04:00 UTC',
      '2026-12-01T04:00:00.000Z',
    ],
  ])('%j reads "%s" and runs next at %s', (rule, words, next) => {
    const d = describeSchedule(rule, NOW);
    expect(d.error).toBeNull();
    expect(d.text).toBe(words);
    expect(d.next?.toISOString()).toBe(next);
  });

  it('says a one-off as one run, and that a monthly rule on a late day skips the months without it', () => {
    expect(describeSchedule('DTSTART:20261203T091500Z\nRRULE:FREQ=DAILY;COUNT=1', NOW).text).toBe(
      'Once on 3 Dec 2026 at 09:15 UTC',
    );
    expect(describeSchedule('DTSTART:20261031T020000Z\nRRULE:FREQ=MONTHLY;BYMONTHDAY=31', NOW).text).toBe(
      'Every month on the 31st at 02:00 UTC, skipping months without a 31st',
    );
    expect(describeSchedule('DTSTART:20261029T020000Z\nRRULE:FREQ=MONTHLY;BYMONTHDAY=29', NOW).text).toBe(
      'Every month on the 29th at 02:00 UTC, skipping months without a 29th',
    );
    expect(describeSchedule('DTSTART:20261028T020000Z\nRRULE:FREQ=MONTHLY;BYMONTHDAY=28', NOW).text).toBe(
      'Every month on the 28th at 02:00 UTC',
    );
  });

  it('keeps the end of a bounded rule at the end of the sentence', () => {
    const d = describeSchedule('DTSTART:20261001T020000Z\nRRULE:FREQ=DAILY;COUNT=3', NOW);
    expect(d.text).toBe('Every day at 02:00 UTC for 3 times');
    expect(d.next).toBeNull();
    expect(
      describeSchedule('DTSTART:20261003T063000Z\nRRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=SA;UNTIL=20270101T000000Z', NOW).text,
    ).toMatch(/^Every 2 weeks on Saturday at 06:30 UTC until /);
  });

  it('says when a rule cannot be read, without throwing', () => {
    const d = describeSchedule('FREQ=SOMETIMES', NOW);
    expect(d.text).toBeNull();
    expect(d.next).toBeNull();
    expect(d.error).toMatch(/cannot be read/);
    expect(describeSchedule('  ', NOW).error).toBe('The recurrence rule is empty.');
    expect(nextRun('garbage', NOW)).toBeNull();
  });

  it('lists the upcoming runs', () => {
    expect(upcomingRuns('DTSTART:20261001T020000Z\nRRULE:FREQ=DAILY', 3, NOW).map((d) => d.toISOString())).toEqual([
      '2026-11-02T02:00:00.000Z',
      '2026-11-03T02:00:00.000Z',
      '2026-11-04T02:00:00.000Z',
    ]);
  });
});
