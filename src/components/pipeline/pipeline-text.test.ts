import { describe, expect, it } from 'vitest';
import {
  elapsedSince,
  formatElapsed,
  requestCancellable,
  requestKind,
  statusLabel,
  statusSentence,
  statusTone,
} from './pipeline-text';

const at = Date.parse('2026-11-22T12:00:00Z');

describe('the pipeline in words', () => {
  it('names the known states and shows any other as it came', () => {
    expect(['idle', 'ingesting', 'analyzing'].map(statusLabel)).toEqual(['Idle', 'Ingesting', 'Analyzing']);
    expect(['idle', 'ingesting', 'analyzing'].map(statusTone)).toEqual(['idle', 'busy', 'busy']);
    expect(statusLabel('pruning')).toBe('pruning');
    expect(statusTone('pruning')).toBe('unknown');
    expect(statusLabel('')).toBe('unknown');
    expect(statusTone('')).toBe('unknown');
    expect(statusTone('Idle')).toBe('unknown');
  });

  it('says how long, in the two largest whole units, never negative', () => {
    expect(formatElapsed(0)).toBe('0 s');
    expect(formatElapsed(12_400)).toBe('12 s');
    expect(formatElapsed(59_999)).toBe('59 s');
    expect(formatElapsed(60_000)).toBe('1 min');
    expect(formatElapsed(65_000)).toBe('1 min 5 s');
    expect(formatElapsed(3_600_000)).toBe('1 h');
    expect(formatElapsed(2 * 3_600_000 + 3 * 60_000 + 9_000)).toBe('2 h 3 min');
    expect(formatElapsed(3 * 86_400_000 + 4 * 3_600_000)).toBe('3 d 4 h');
    expect(formatElapsed(-5_000)).toBe('0 s');
    expect(elapsedSince('2026-11-22T11:59:48Z', at)).toBe('12 s');
    expect(elapsedSince('0001-01-01T00:00:00Z', at)).toBeNull();
  });

  it('puts the state and its duration in a sentence', () => {
    const since = '2026-11-22T11:59:48Z';
    expect(statusSentence({ status: 'analyzing', updated_at: since }, at)).toBe('Analyzing for 12 s');
    expect(statusSentence({ status: 'ingesting', updated_at: '2026-11-22T11:58:55Z' }, at)).toBe('Ingesting for 1 min 5 s');
    expect(statusSentence({ status: 'idle', updated_at: since }, at)).toBe('Idle');
    expect(statusSentence({ status: 'pruning', updated_at: since }, at)).toBe('pruning for 12 s');
    expect(statusSentence({ status: 'analyzing', updated_at: '0001-01-01T00:00:00Z' }, at)).toBe('Analyzing');
  });

  it('names the pending request, and only an analysis request may be cancelled', () => {
    expect(requestKind({ request_type: 'analysis' })).toBe('Analysis');
    expect(requestKind({ request_type: 'deletion' })).toBe('Re-analysis after a database clear');
    expect(requestKind({ request_type: 'reindex' })).toBe('Request "reindex"');
    expect(requestCancellable({ request_type: 'analysis' })).toBe(true);
    expect(requestCancellable({ request_type: 'deletion' })).toBe(false);
  });
});
