import { jobStatusLabel } from '@/api/schemas/wire-format';
import { KnownLabel } from '@/components/KnownLabel';
import { statusTone } from '@/features/collection/status';

/** A task, job or upload status in words, coloured by outcome; an unknown status as it came, marked unknown. */
export function StatusChip({ status, size = 'small' }: { status: number; size?: 'small' | 'medium' }) {
  const tone = statusTone(status);
  return (
    <KnownLabel
      label={jobStatusLabel(status)}
      chip={{ size, color: tone, variant: tone === 'default' ? 'outlined' : 'filled' }}
    />
  );
}
