import { describe, expect, it } from 'vitest';
import { addDaysTo, daysOf, daysWindow, lastDaysWindow, pointsByDay } from '@/api/domains';
import { chartDay, dayLabel, dayTicks } from './chart-days';

describe('days on a chart', () => {
  it('lists every day of a window, and a point or null (a gap) for each', () => {
    const window = daysWindow('2026-10-30', '2026-11-03');
    expect(daysOf(window)).toEqual(['2026-10-30', '2026-10-31', '2026-11-01', '2026-11-02', '2026-11-03']);
    const points = [
      { day: '2026-10-30', v: 1 },
      { day: '2026-11-02', v: 2 },
    ];
    expect(pointsByDay(points, window)).toEqual([points[0], null, null, points[1], null]);
  });

  it('counts days across month ends and daylight-saving changes', () => {
    expect(addDaysTo('2026-03-28', 2)).toBe('2026-03-30');
    expect(addDaysTo('2026-11-01', -29)).toBe('2026-10-03');
    expect(lastDaysWindow(30, Date.parse('2026-11-01T09:00:00Z'))).toEqual(daysWindow('2026-10-03', '2026-11-01'));
  });

  it('labels five days evenly spread, the first and the last among them, and names the year only in tooltips', () => {
    const days = daysOf(daysWindow('2026-10-01', '2026-10-31')).map(chartDay);
    expect(dayTicks(days).map((d) => dayLabel(d, { location: 'tick' }))).toEqual([
      '1 Oct',
      '9 Oct',
      '16 Oct',
      '24 Oct',
      '31 Oct',
    ]);
    expect(dayTicks(days.slice(0, 3))).toHaveLength(3);
    expect(dayLabel(days[0]!, { location: 'tooltip' })).toBe('1 Oct 2026');
  });
});
