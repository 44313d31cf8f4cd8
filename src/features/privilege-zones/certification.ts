/**
 * The certification queue's words and rules: the four states of a record, which records a person may
 * certify or revoke, and the page's URL state.
 */
import { Certification, type CertificationRecord } from '@/api/schemas/privilege-zones';
import type { TableSpec, TagTone } from '@/components/table';

export const CERTIFICATION_WORDS: Record<CertificationRecord['certified'], { label: string; tone: TagTone }> = {
  [Certification.Pending]: { label: 'Pending', tone: 'warning' },
  [Certification.Revoked]: { label: 'Revoked', tone: 'error' },
  [Certification.Manual]: { label: 'Certified', tone: 'success' },
  [Certification.Auto]: { label: 'Automatic', tone: 'info' },
};

export const CERTIFICATION_CHOICES = Object.entries(CERTIFICATION_WORDS).map(([value, w]) => ({ value, label: w.label }));

/** Why a record cannot be picked, or null: automatic certifications follow their rule, not a person. */
export function notSelectableReason(record: CertificationRecord): string | null {
  return record.certified === Certification.Auto
    ? `${record.name} is certified automatically by the rule that selects it; change the rule’s auto-certify to change this.`
    : null;
}

/** The queue's URL state: status, zone and domain filters, paged by the server. */
export const CERTIFICATION_TABLE: TableSpec = {
  sortable: [],
  filters: {
    certified: { predicates: ['eq'], values: CERTIFICATION_CHOICES.map((c) => c.value) },
    asset_group_tag_id: { predicates: ['eq'] },
    environment_id: { predicates: ['eq'] },
  },
};
