import { Chip } from '@mui/material';
import { statusLabel, statusTone } from '@/features/collection/status';

/** A task, job or upload status in words, coloured by outcome. */
export function StatusChip({ status, size = 'small' }: { status: number; size?: 'small' | 'medium' }) {
  const tone = statusTone(status);
  return <Chip size={size} label={statusLabel(status)} color={tone} variant={tone === 'default' ? 'outlined' : 'filled'} />;
}
