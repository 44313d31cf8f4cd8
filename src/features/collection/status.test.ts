import { describe, expect, it } from 'vitest';
import { isJobFinished, statusLabel, statusTone } from './status';

describe('status labels', () => {
  it('names every reference job status in words', () => {
    expect([-1, 0, 1, 2, 3, 4, 5, 6, 7, 8].map(statusLabel)).toEqual([
      'Invalid',
      'Ready',
      'Running',
      'Complete',
      'Canceled',
      'Timed out',
      'Failed',
      'Ingesting',
      'Analyzing',
      'Partially complete',
    ]);
  });

  it('says when a status is unknown rather than hiding it', () => {
    expect(statusLabel(42)).toBe('42 (unknown)');
  });

  it('knows which statuses are still moving', () => {
    expect([0, 1, 6, 7].map(isJobFinished)).toEqual([false, false, false, false]);
    expect([-1, 2, 3, 4, 5, 8, 42].map(isJobFinished)).toEqual([true, true, true, true, true, true, true]);
  });

  it('colours outcomes', () => {
    expect(statusTone(2)).toBe('success');
    expect(statusTone(8)).toBe('warning');
    expect(statusTone(5)).toBe('error');
    expect(statusTone(4)).toBe('error');
    expect(statusTone(1)).toBe('info');
    expect(statusTone(0)).toBe('default');
  });
});
