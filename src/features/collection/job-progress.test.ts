import { describe, expect, it } from 'vitest';
import type { TaskView } from '@/api/schemas/collection';
import { JobStatus } from '@/api/schemas/wire-format';
import { jobProgress, stalledAdvice } from './job-progress';

const START = Date.parse('2026-12-01T10:00:00Z');
const MIN = 60_000;

function job(over: Partial<TaskView> = {}): TaskView {
  return {
    id: 7,
    client_id: 'c',
    client_name: 'SharpHound HQ',
    event_id: null,
    event_title: undefined,
    status: JobStatus.Running,
    status_message: 'Collection in progress.',
    created_at: undefined,
    execution_time: new Date(START - MIN).toISOString(),
    start_time: new Date(START).toISOString(),
    end_time: null,
    last_ingest: undefined,
    log_path: undefined,
    session_collection: true,
    local_group_collection: false,
    ad_structure_collection: false,
    cert_services_collection: false,
    ca_registry_collection: false,
    dc_registry_collection: false,
    all_trusted_domains: false,
    domain_controller: null,
    ous: [],
    domains: [],
    domain_results: [],
    ...over,
  };
}

describe('jobProgress', () => {
  it('reads a changing job every 2 seconds, a quiet one every 30, and a stalled one only on request', () => {
    expect(jobProgress(job(), START + 30_000)).toEqual({ pace: 'active', lastChange: job().start_time, refreshMs: 2000 });
    expect(jobProgress(job(), START + 5 * MIN)).toMatchObject({ pace: 'quiet', refreshMs: 30_000 });
    expect(jobProgress(job(), START + 59 * MIN)).toMatchObject({ pace: 'quiet', refreshMs: 30_000 });
    expect(jobProgress(job(), START + 60 * MIN)).toMatchObject({ pace: 'stalled', refreshMs: false });
    expect(jobProgress(job(), START + 31 * 24 * 60 * MIN)).toMatchObject({ pace: 'stalled', refreshMs: false });
  });

  it('counts from the latest time the job carries: a recent ingest is news', () => {
    const ingested = new Date(START + 3 * 60 * MIN).toISOString();
    expect(jobProgress(job({ last_ingest: ingested }), START + 3 * 60 * MIN + 10_000)).toEqual({
      pace: 'active',
      lastChange: ingested,
      refreshMs: 2000,
    });
    // A waiting job counts from when it was queued.
    const queued = job({ status: JobStatus.Ready, start_time: null, created_at: new Date(START).toISOString() });
    expect(jobProgress(queued, START + 2 * 60 * MIN)).toMatchObject({ pace: 'stalled', lastChange: queued.created_at });
  });

  it('stops reading a job that has ended, however recent', () => {
    const done = job({ status: JobStatus.Complete, end_time: new Date(START + MIN).toISOString() });
    expect(jobProgress(done, START + MIN)).toEqual({ pace: 'finished', lastChange: done.end_time, refreshMs: false });
  });

  it('judges a job without any time as a changing one', () => {
    expect(jobProgress(job({ execution_time: null, start_time: null }), START)).toMatchObject({ pace: 'active' });
  });

  it('says what a stalled job waits on, by its status', () => {
    expect(stalledAdvice(job({ status: JobStatus.Ready })).waiting).toBe('SharpHound HQ has not picked this job up');
    expect(stalledAdvice(job()).todo).toMatch(/cancel the job and run the collection again\.$/);
    expect(stalledAdvice(job({ status: JobStatus.Analyzing })).todo).toMatch(/data pipeline/);
  });
});
