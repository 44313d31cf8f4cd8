/**
 * The graph view's state in the address: the environment, the zone (a zone's id, or `hygiene` for Tier
 * Zero's list findings), the finding type, the finding whose path is drawn and whether accepted findings
 * show. The principals table keeps its own page and sort beside them (`page`, `page_size`, `sort_by`).
 * Reading is forgiving: what is missing or malformed is left for the page to default.
 */

/** The zone picker's value: a zone by id, or the hygiene findings of Tier Zero. */
export type ZoneChoice = { kind: 'zone'; id: number } | { kind: 'hygiene' };

export interface GraphViewState {
  environment: string | null;
  zone: ZoneChoice | null;
  finding: string | null;
  /** The finding (its id in the details list) whose path is drawn. */
  selected: number | null;
  showAccepted: boolean;
}

export const HYGIENE = 'hygiene';

const text = (v: string | null): string | null => {
  const t = v?.trim();
  return t ? t : null;
};

export function parseZoneChoice(value: string | null): ZoneChoice | null {
  const v = text(value);
  if (v === null) return null;
  if (v === HYGIENE) return { kind: 'hygiene' };
  return /^\d{1,9}$/.test(v) && Number(v) > 0 ? { kind: 'zone', id: Number(v) } : null;
}

export const zoneChoiceText = (z: ZoneChoice): string => (z.kind === 'hygiene' ? HYGIENE : String(z.id));

export function parseGraphViewState(params: URLSearchParams): GraphViewState {
  const selected = text(params.get('selected'));
  return {
    environment: text(params.get('environment')),
    zone: parseZoneChoice(params.get('zone')),
    finding: text(params.get('finding')),
    selected: selected !== null && /^\d{1,15}$/.test(selected) ? Number(selected) : null,
    showAccepted: params.get('accepted') === 'true',
  };
}

/** The table's own parameters, which a new type, environment, zone or acceptance view starts afresh. */
const TABLE_KEYS = ['page', 'page_size', 'sort_by'] as const;

export type GraphViewChange = Partial<GraphViewState>;

/**
 * `change` written over `params` (other parameters kept). A new environment or zone drops the type; a new
 * type drops the drawn finding and the table's page and sort; showing or hiding accepted findings goes back
 * to the first page.
 */
export function applyGraphViewChange(params: URLSearchParams, change: GraphViewChange): URLSearchParams {
  const current = parseGraphViewState(params);
  const next: GraphViewState = { ...current, ...change };
  const place = 'environment' in change && change.environment !== current.environment;
  const zone =
    'zone' in change &&
    (change.zone ? zoneChoiceText(change.zone) : null) !== (current.zone ? zoneChoiceText(current.zone) : null);
  if ((place || zone) && !('finding' in change)) next.finding = null;
  const typeChanged = next.finding !== current.finding;
  if (typeChanged && !('selected' in change)) next.selected = null;
  const out = new URLSearchParams(params);
  if (typeChanged || next.showAccepted !== current.showAccepted || place || zone) {
    for (const k of TABLE_KEYS) if (typeChanged || k === 'page') out.delete(k);
  }
  const set = (key: string, value: string | null) => {
    if (value === null || value === '') out.delete(key);
    else out.set(key, value);
  };
  set('environment', next.environment);
  set('zone', next.zone ? zoneChoiceText(next.zone) : null);
  set('finding', next.finding);
  set('selected', next.selected === null ? null : String(next.selected));
  set('accepted', next.showAccepted ? 'true' : null);
  return out;
}
