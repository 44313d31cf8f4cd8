import { describe, expect, it } from 'vitest';
import { jobObjectsQuery } from '@/api/upload-objects';
import { describeIngested } from './ingest-outcome';

describe('what a file brought', () => {
  it('counts objects by kind, most first, then relationships', () => {
    expect(describeIngested({ nodes: { Group: 2, User: 3, Base: 0 }, relationships: 14, unmatched: 0, deleted: 0 })).toEqual({
      brought: '5 objects (3 User, 2 Group) and 14 relationships',
      notes: [],
    });
  });

  it('says what was left out and what was removed', () => {
    expect(describeIngested({ nodes: {}, relationships: 0, unmatched: 2, deleted: 1 })).toEqual({
      brought: 'nothing new',
      notes: ['2 relationships left out: an end matched no object in the graph.', '1 object removed as deleted.'],
    });
  });
});

describe("a job's objects in Cypher", () => {
  it('spans the job from its start to its last ingest, quoting the times', () => {
    expect(jobObjectsQuery({ start_time: '2026-01-01T00:00:00Z', last_ingest: '2026-01-01T00:05:00Z' })).toBe(
      "MATCH (n) WHERE n.lastseen >= '2026-01-01T00:00:00Z' AND n.lastseen <= '2026-01-01T00:05:00Z' RETURN n LIMIT 500",
    );
  });

  it('is absent while the job has ingested nothing', () => {
    expect(jobObjectsQuery({ start_time: '2026-01-01T00:00:00Z', last_ingest: '0001-01-01T00:00:00Z' })).toBeNull();
  });
});
