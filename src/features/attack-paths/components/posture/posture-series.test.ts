import { describe, expect, it } from 'vitest';
import { figureRows, formatChange, formatValue, logScaleFor, logTicks, rangeChange, trendRows, withZone } from './posture-series';

describe('posture figures as table rows', () => {
  const points = [
    { date: '2026-10-02T00:00:00.000Z', value: 40 },
    { date: '2026-10-01T00:00:00.000Z', value: 45 },
    { date: '2026-10-04T00:00:00.000Z', value: 41.5 },
  ];

  it('are one per day, oldest first, each with the change since the one before', () => {
    expect(figureRows(points)).toEqual([
      { day: '2026-10-01', value: 45, change: null },
      { day: '2026-10-02', value: 40, change: -5 },
      { day: '2026-10-04', value: 41.5, change: 1.5 },
    ]);
    expect(figureRows([])).toEqual([]);
  });

  it('give the change over the range, absolute and relative', () => {
    expect(rangeChange(figureRows(points))).toMatchObject({ change: -3.5, relative: -7.78 });
    expect(rangeChange([])).toBeNull();
    expect(
      rangeChange(
        figureRows([
          { date: '2026-10-01T00:00:00Z', value: 0 },
          { date: '2026-10-02T00:00:00Z', value: 3 },
        ]),
      ),
    ).toMatchObject({ change: 3, relative: null });
  });

  it('write values and changes in their unit', () => {
    expect(formatValue(1204, 'count')).toBe('1,204');
    expect(formatValue(37.456, 'percent')).toBe('37.5%');
    expect(formatChange(12, 'count')).toBe('+12');
    expect(formatChange(-3, 'count')).toBe('−3');
    expect(formatChange(0, 'count')).toBe('0');
    expect(formatChange(-2.44, 'percent')).toBe('−2.4 points');
    expect(formatChange(-0.04, 'percent')).toBe('0.0 points');
    expect(withZone('{zone} assets', 'Tier Zero')).toBe('Tier Zero assets');
  });
});

describe('a logarithmic scale', () => {
  it('is log when every value can be drawn on it', () => {
    expect(logScaleFor([3, 10, null, 0.5])).toEqual({ scaleType: 'log', zeroDays: 0 });
  });

  it('is a symmetric log scale when a day is 0, saying how many', () => {
    expect(logScaleFor([0, 4, null, 0, 12])).toEqual({ scaleType: 'symlog', constant: 1, zeroDays: 2 });
  });
});

describe('the finding trends', () => {
  const row = (title: string, start: number, end: number, risk: number) => ({
    finding: title,
    display_title: title,
    composite_risk: risk,
    finding_count_start: start,
    finding_count_end: end,
    finding_count_increase: Math.max(0, end - start),
    finding_count_decrease: Math.max(0, start - end),
  });

  it('list the most changed type first, then the riskiest', () => {
    const rows = trendRows([row('A', 5, 5, 90), row('B', 10, 2, 10), row('C', 1, 4, 50), row('D', 4, 1, 60)]);
    expect(rows.map((r) => r.display_title)).toEqual(['B', 'D', 'C', 'A']);
  });
});

describe('the labels of a logarithmic axis', () => {
  it('are 1, 2 and 5 of each power of ten around the values', () => {
    expect(logTicks([3, 140], logScaleFor([3, 140]))).toEqual([2, 5, 10, 20, 50, 100, 200]);
    expect(logTicks([0.4, 0.9], logScaleFor([0.4, 0.9]))).toEqual([0.2, 0.5, 1]);
  });

  it('are evenly stepped across a narrow span', () => {
    expect(logTicks([14, 10, 11], logScaleFor([14, 10, 11]))).toEqual([10, 15, 20]);
    expect(logTicks([3, 4], logScaleFor([3, 4]))).toEqual([2, 3, 4, 5]);
    expect(logTicks([3, 140], logScaleFor([3, 140]))).toEqual([2, 5, 10, 20, 50, 100, 200]);
    expect(logTicks([0.4, 0.9], logScaleFor([0.4, 0.9]))).toEqual([0.2, 0.5, 1]);
  });

  it('start at 0 and 1 on a symmetric scale', () => {
    expect(logTicks([0, 1, 2], logScaleFor([0, 1, 2]))).toEqual([0, 1, 2]);
    expect(logTicks([0, 0], logScaleFor([0, 0]))).toEqual([0, 1]);
    expect(logTicks([0, 30], logScaleFor([0, 30]))).toEqual([0, 1, 2, 5, 10, 20, 50]);
  });
});
