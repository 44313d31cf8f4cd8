import { describe, expect, it } from 'vitest';
import { applyGraphViewChange, parseGraphViewState, parseZoneChoice } from './graph-view-state';

const params = (s: string) => new URLSearchParams(s);

describe('graph view state', () => {
  it('reads what a link holds and leaves malformed values to the page', () => {
    expect(parseGraphViewState(params('environment=S-1&zone=3&finding=T0DCSync&selected=12&accepted=true'))).toEqual({
      environment: 'S-1',
      zone: { kind: 'zone', id: 3 },
      finding: 'T0DCSync',
      selected: 12,
      showAccepted: true,
    });
    expect(parseGraphViewState(params('zone=abc&selected=x&accepted=yes'))).toEqual({
      environment: null,
      zone: null,
      finding: null,
      selected: null,
      showAccepted: false,
    });
    expect(parseZoneChoice('hygiene')).toEqual({ kind: 'hygiene' });
    expect(parseZoneChoice('0')).toBeNull();
  });

  it('a new type drops the drawn finding and the table position', () => {
    const next = applyGraphViewChange(params('finding=A&selected=4&page=2&sort_by=-ImpactPercentage&other=1'), { finding: 'B' });
    expect(next.toString()).toBe('finding=B&other=1');
  });

  it('a new environment or zone drops the type', () => {
    const next = applyGraphViewChange(params('environment=S-1&finding=A&selected=4'), { environment: 'S-2' });
    expect(parseGraphViewState(next)).toMatchObject({ environment: 'S-2', finding: null, selected: null });
    const hygiene = applyGraphViewChange(params('zone=1&finding=A'), { zone: { kind: 'hygiene' } });
    expect(hygiene.get('zone')).toBe('hygiene');
    expect(hygiene.get('finding')).toBeNull();
  });

  it('picking a row keeps the page; showing accepted goes back to the first page', () => {
    expect(applyGraphViewChange(params('finding=A&page=2'), { selected: 9 }).toString()).toBe('finding=A&page=2&selected=9');
    const shown = applyGraphViewChange(params('finding=A&page=2&sort_by=Severity'), { showAccepted: true });
    expect(shown.toString()).toBe('finding=A&sort_by=Severity&accepted=true');
  });
});
