import { describe, expect, it } from 'vitest';
import { apiQuery, parseTableState, writeTableState } from '@/components/table';
import {
  clearFilters,
  FINDINGS_TABLE,
  findingsApiQuery,
  graphViewHref,
  hasFilters,
  readFilters,
  writeFilter,
  type FindingsFilters,
} from './findings-query';

const url = (search: string) => new URLSearchParams(search);
const none: FindingsFilters = { severity: [], platform: [], environment: [], zone: [], status: ['active'] };

/** The API query of a page URL, as the page builds it. */
function queryOf(search: string) {
  const params = url(search);
  return findingsApiQuery(apiQuery(parseTableState(FINDINGS_TABLE, params)), readFilters(params));
}

describe('findings table URL', () => {
  it('reads no filter as active findings, most severe first, page 1 of 25', () => {
    expect(readFilters(url(''))).toEqual(none);
    expect(hasFilters(none)).toBe(false);
    expect(queryOf('')).toEqual({ skip: 0, limit: 25, sort_by: ['severity'], status: ['eq:active'] });
  });

  it('reads repeated values, in the choices order, once each, and drops what is no choice', () => {
    const f = readFilters(
      url(
        'severity=eq:high&severity=eq:critical&severity=eq:high&severity=eq:bad&platform=eq:Azure' +
          '&environment_id=S-1&environment_id=S-2&asset_group_tag_id=eq:3&asset_group_tag_id=x&status=eq:accepted&status=eq:active',
      ),
    );
    expect(f).toEqual({
      severity: ['critical', 'high'],
      platform: ['Azure'],
      environment: ['S-1', 'S-2'],
      zone: [3],
      status: ['active', 'accepted'],
    });
    expect(hasFilters(f)).toBe(true);
  });

  it('takes bare values from a hand-written link, and a status that is no choice as the default', () => {
    expect(readFilters(url('severity=critical&status=bogus'))).toEqual({ ...none, severity: ['critical'] });
  });

  it('writes each value as its own parameter, back on page 1, keeping the rest', () => {
    const out = writeFilter(url('page=3&sort_by=-last_seen&platform=eq:Azure'), 'severity', ['critical', 'high']);
    expect(out.toString()).toBe('sort_by=-last_seen&platform=eq%3AAzure&severity=eq%3Acritical&severity=eq%3Ahigh');
    expect(writeFilter(out, 'severity', []).getAll('severity')).toEqual([]);
    expect(writeFilter(url(''), 'environment', ['S-1', 'S-2']).getAll('environment_id')).toEqual(['S-1', 'S-2']);
    expect(writeFilter(url(''), 'zone', [1, 3]).getAll('asset_group_tag_id')).toEqual(['eq:1', 'eq:3']);
  });

  it('leaves the default status out, and writes no status as any', () => {
    expect(writeFilter(url('status=eq:remediated'), 'status', ['active']).has('status')).toBe(false);
    const any = writeFilter(url(''), 'status', []);
    expect(any.getAll('status')).toEqual(['any']);
    expect(readFilters(any).status).toEqual([]);
    expect(hasFilters(readFilters(any))).toBe(true);
  });

  it('asks for every status when any is picked, as the server would read none as active', () => {
    expect(queryOf('status=any').status).toEqual(['eq:active', 'eq:accepted', 'eq:remediated', 'eq:deprecated', 'eq:orphaned']);
  });

  it('turns the whole view into the API query: filters repeated, sort, paging, principal searches', () => {
    expect(
      queryOf(
        'page=2&page_size=50&sort_by=-target_principal_name&severity=eq:critical&severity=eq:high' +
          '&environment_id=S-1&asset_group_tag_id=eq:1&platform=eq:Active Directory&target_principal_name=~eq:adm',
      ),
    ).toEqual({
      skip: 50,
      limit: 50,
      sort_by: ['-target_principal_name'],
      target_principal_name: '~eq:adm',
      severity: ['eq:critical', 'eq:high'],
      platform: ['eq:Active Directory'],
      environment_id: ['S-1'],
      asset_group_tag_id: ['eq:1'],
      status: ['eq:active'],
    });
  });

  it('clears every filter (the searches too) in one change, keeping sort and page size', () => {
    const out = clearFilters(
      url('page=4&page_size=50&sort_by=status&severity=eq:low&status=any&source_principal_name=~eq:x&environment_id=S-1'),
    );
    expect(out.toString()).toBe('page_size=50&sort_by=status');
  });

  it('keeps its table state beside the filters: writing the table state leaves them', () => {
    const params = url('severity=eq:low&environment_id=S-1');
    const state = parseTableState(FINDINGS_TABLE, params);
    const written = writeTableState(FINDINGS_TABLE, { ...state, page: 2 }, params);
    expect(written.getAll('severity')).toEqual(['eq:low']);
    expect(written.get('page')).toBe('2');
  });
});

describe('graph view link', () => {
  it('names the environment, the zone, the type and the finding', () => {
    const href = graphViewHref({
      id: 12,
      finding: 'T0GenericAll',
      finding_type: 'relationship',
      environment_id: 'S-1-5-21-1',
      asset_group_tag_id: 3,
    });
    expect(href).toBe('/attack-paths?environment=S-1-5-21-1&zone=3&finding=T0GenericAll&selected=12');
  });

  it('gives a hygiene finding the hygiene zone', () => {
    const href = graphViewHref({
      id: 87,
      finding: 'Kerberoasting',
      finding_type: 'list',
      environment_id: 'S-1',
      asset_group_tag_id: 1,
    });
    expect(new URL(href, 'http://x').searchParams.get('zone')).toBe('hygiene');
  });
});
