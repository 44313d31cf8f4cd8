import { describe, expect, it } from 'vitest';
import { describeSchedule, ruleProblem, upcomingRuns } from '@/shared/schedule';
import {
  defaultRecurrence,
  recurrenceToRule,
  ruleToRecurrence,
  zoneSentence,
  type OffsetOf,
  type Recurrence,
} from './recurrence';

const UTC: OffsetOf = () => 0;
const PARIS_WINTER: OffsetOf = () => 60;
const NEW_YORK_WINTER: OffsetOf = () => -300;
const NOW = new Date('2026-11-22T10:00:00Z');

const base: Recurrence = {
  frequency: 'weekly',
  interval: 1,
  date: '2026-12-01',
  time: '02:00',
  weekdays: ['MO'],
  monthDay: 1,
};

describe('editor → rule', () => {
  it.each<[string, Partial<Recurrence>, OffsetOf, string]>([
    ['once', { frequency: 'once', date: '2026-12-03', time: '09:15' }, UTC, 'DTSTART:20261203T091500Z\nRRULE:FREQ=DAILY;COUNT=1'],
    ['hourly', { frequency: 'hourly', time: '00:15' }, UTC, 'DTSTART:20261201T001500Z\nRRULE:FREQ=HOURLY'],
    [
      'every 4 hours',
      { frequency: 'hourly', interval: 4, time: '00:00' },
      UTC,
      'DTSTART:20261201T000000Z\nRRULE:FREQ=HOURLY;INTERVAL=4',
    ],
    ['daily', { frequency: 'daily' }, UTC, 'DTSTART:20261201T020000Z\nRRULE:FREQ=DAILY'],
    ['every 2 days', { frequency: 'daily', interval: 2 }, UTC, 'DTSTART:20261201T020000Z\nRRULE:FREQ=DAILY;INTERVAL=2'],
    [
      'weekly on chosen days, in Monday-first order',
      { weekdays: ['FR', 'MO', 'WE'], time: '22:30' },
      UTC,
      'DTSTART:20261201T223000Z\nRRULE:FREQ=WEEKLY;BYDAY=MO,WE,FR',
    ],
    [
      'monthly on a day',
      { frequency: 'monthly', monthDay: 15 },
      UTC,
      'DTSTART:20261201T020000Z\nRRULE:FREQ=MONTHLY;BYMONTHDAY=15',
    ],
    // Local times become UTC: 09:00 in Paris (winter) is 08:00 UTC.
    [
      'a local time east of UTC',
      { frequency: 'daily', time: '09:00' },
      PARIS_WINTER,
      'DTSTART:20261201T080000Z\nRRULE:FREQ=DAILY',
    ],
    // 00:30 on Monday in Paris is 23:30 on Sunday in UTC: the day moves too.
    [
      'weekdays that fall on the day before in UTC',
      { weekdays: ['MO', 'TH'], time: '00:30' },
      PARIS_WINTER,
      'DTSTART:20261130T233000Z\nRRULE:FREQ=WEEKLY;BYDAY=WE,SU',
    ],
    // 20:00 on Sunday in New York is 01:00 on Monday in UTC.
    [
      'weekdays that fall on the day after in UTC',
      { weekdays: ['SU'], time: '20:00' },
      NEW_YORK_WINTER,
      'DTSTART:20261202T010000Z\nRRULE:FREQ=WEEKLY;BYDAY=MO',
    ],
    // The local 1st at 00:30 in Paris is the last day of the month before in UTC.
    [
      'the 1st of the month that is the last day before in UTC',
      { frequency: 'monthly', monthDay: 1, time: '00:30' },
      PARIS_WINTER,
      'DTSTART:20261130T233000Z\nRRULE:FREQ=MONTHLY;BYMONTHDAY=-1',
    ],
  ])('%s', (_what, change, offset, rule) => {
    const r = { ...base, ...change };
    expect(recurrenceToRule(r, offset)).toBe(rule);
    // And back: the editor shows what the person picked.
    const back = ruleToRecurrence(rule, offset);
    expect(back).toMatchObject({
      frequency: r.frequency,
      date: r.date,
      time: r.time,
      interval: r.frequency === 'once' ? 1 : r.interval,
    });
    if (r.frequency === 'weekly')
      expect(back!.weekdays).toEqual(['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'].filter((d) => r.weekdays.includes(d as never)));
    if (r.frequency === 'monthly') expect(back!.monthDay).toBe(r.monthDay);
  });

  it('has no rule while the date or time is incomplete', () => {
    expect(recurrenceToRule({ ...base, date: '' }, UTC)).toBeNull();
    expect(recurrenceToRule({ ...base, time: '9' }, UTC)).toBeNull();
  });
});

describe('rule → editor', () => {
  it.each([
    [
      'DTSTART:20261001T020000Z\nRRULE:FREQ=DAILY;INTERVAL=1',
      { frequency: 'daily', interval: 1, date: '2026-10-01', time: '02:00' },
    ],
    ['DTSTART:20261001T001500Z\nRRULE:FREQ=HOURLY;INTERVAL=1', { frequency: 'hourly', interval: 1, time: '00:15' }],
    ['DTSTART:20261001T223000Z\nRRULE:FREQ=WEEKLY;BYDAY=MO,WE,FR', { frequency: 'weekly', weekdays: ['MO', 'WE', 'FR'] }],
    // Without BYDAY a weekly rule runs on its start's weekday (1 Oct 2026 is a Thursday).
    ['DTSTART:20261001T020000Z\nRRULE:FREQ=WEEKLY;INTERVAL=2', { frequency: 'weekly', interval: 2, weekdays: ['TH'] }],
    ['DTSTART:20261003T040000Z\nRRULE:FREQ=MONTHLY', { frequency: 'monthly', monthDay: 3 }],
    ['dtstart:20261003t040000z\nrrule:freq=daily', { frequency: 'daily', time: '04:00' }],
  ])('reads %j', (rule, expected) => {
    expect(ruleToRecurrence(rule, UTC)).toMatchObject(expected);
  });

  it.each([
    ['a bounded rule', 'DTSTART:20261001T020000Z\nRRULE:FREQ=DAILY;COUNT=3'],
    ['an end date', 'DTSTART:20261001T020000Z\nRRULE:FREQ=DAILY;UNTIL=20270101T000000Z'],
    ['several times a day', 'DTSTART:20261001T020000Z\nRRULE:FREQ=DAILY;BYHOUR=2,14'],
    ['chosen months', 'DTSTART:20261001T020000Z\nRRULE:FREQ=MONTHLY;BYMONTHDAY=1;BYMONTH=1,7'],
    ['the last day of the month in UTC', 'DTSTART:20261001T020000Z\nRRULE:FREQ=MONTHLY;BYMONTHDAY=-1'],
    ['the first Monday of the month', 'DTSTART:20261001T020000Z\nRRULE:FREQ=MONTHLY;BYDAY=1MO'],
    ['yearly', 'DTSTART:20261001T020000Z\nRRULE:FREQ=YEARLY'],
    ['a start with seconds', 'DTSTART:20261001T020030Z\nRRULE:FREQ=DAILY'],
    ['a start in another zone', 'DTSTART;TZID=Europe/Paris:20261001T020000\nRRULE:FREQ=DAILY'],
    ['no start', 'RRULE:FREQ=DAILY'],
    ['an unreadable rule', 'DTSTART:20261001T020000Z\nRRULE:FREQ=WEEKLY;BYDAY=XX'],
  ])('calls %s custom', (_what, rule) => {
    expect(ruleToRecurrence(rule, UTC)).toBeNull();
  });

  it('is what the editor writes, for the seeded rules it can say', () => {
    for (const rule of [
      'DTSTART:20261001T223000Z\nRRULE:FREQ=WEEKLY;BYDAY=MO,WE,FR',
      'DTSTART:20261001T000000Z\nRRULE:FREQ=HOURLY;INTERVAL=4',
      'DTSTART:20261002T120000Z\nRRULE:FREQ=DAILY;INTERVAL=2',
    ]) {
      for (const offset of [UTC, PARIS_WINTER, NEW_YORK_WINTER])
        expect(recurrenceToRule(ruleToRecurrence(rule, offset)!, offset)).toBe(rule);
    }
  });
});

describe('preview', () => {
  it('says the weekly rule in words and lists its next five runs on the chosen days, at the chosen time', () => {
    const rule = recurrenceToRule({ ...base, weekdays: ['MO', 'TH'], time: '09:00' }, PARIS_WINTER)!;
    expect(describeSchedule(rule, NOW).text).toBe('Every week on Monday, Thursday at 08:00 UTC');
    const runs = upcomingRuns(rule, 5, NOW);
    expect(runs.map((d) => d.toISOString())).toEqual([
      '2026-12-03T08:00:00.000Z',
      '2026-12-07T08:00:00.000Z',
      '2026-12-10T08:00:00.000Z',
      '2026-12-14T08:00:00.000Z',
      '2026-12-17T08:00:00.000Z',
    ]);
    expect(ruleProblem(rule, NOW)).toBeNull();
  });

  it('has one run for a one-off, and refuses one whose time has passed', () => {
    const rule = recurrenceToRule({ ...base, frequency: 'once', date: '2026-11-23', time: '09:00' }, UTC)!;
    expect(upcomingRuns(rule, 5, NOW).map((d) => d.toISOString())).toEqual(['2026-11-23T09:00:00.000Z']);
    const past = recurrenceToRule({ ...base, frequency: 'once', date: '2026-11-21', time: '09:00' }, UTC)!;
    expect(ruleProblem(past, NOW)).toMatch(/must start in the future/);
  });

  it('starts a new event tomorrow, weekly on that day at 02:00', () => {
    expect(defaultRecurrence(NOW, UTC)).toEqual({
      frequency: 'weekly',
      interval: 1,
      date: '2026-11-23',
      time: '02:00',
      weekdays: ['MO'],
      monthDay: 23,
    });
  });

  it('says the local time with its UTC time', () => {
    expect(zoneSentence(new Date('2026-12-01T08:00:00Z'), PARIS_WINTER, 'Europe/Paris')).toBe(
      '09:00 in your time zone (Europe/Paris, UTC+1) is 08:00 UTC.',
    );
    expect(zoneSentence(new Date('2026-12-01T08:00:00Z'), UTC, 'UTC')).toBe('08:00 in your time zone (UTC) is 08:00 UTC.');
  });
});
