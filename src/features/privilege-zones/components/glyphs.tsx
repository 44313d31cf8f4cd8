import AccountBalanceIcon from '@mui/icons-material/AccountBalanceOutlined';
import BoltIcon from '@mui/icons-material/BoltOutlined';
import BusinessIcon from '@mui/icons-material/BusinessOutlined';
import CloudIcon from '@mui/icons-material/CloudOutlined';
import DiamondIcon from '@mui/icons-material/DiamondOutlined';
import DnsIcon from '@mui/icons-material/DnsOutlined';
import FlagIcon from '@mui/icons-material/FlagOutlined';
import KeyIcon from '@mui/icons-material/KeyOutlined';
import FireIcon from '@mui/icons-material/LocalFireDepartmentOutlined';
import LockIcon from '@mui/icons-material/LockOutlined';
import ShieldIcon from '@mui/icons-material/ShieldOutlined';
import StarIcon from '@mui/icons-material/StarOutlined';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import type { ComponentType } from 'react';

/**
 * The glyphs a zone may carry: upstream stores an icon name (Tier Zero's is "gem"); the console draws
 * each with an icon of its own. A zone's glyph is unique among zones.
 */
export const GLYPHS: readonly { name: string; label: string; Icon: ComponentType<SvgIconProps> }[] = [
  { name: 'gem', label: 'Gem', Icon: DiamondIcon },
  { name: 'crown', label: 'Crown', Icon: StarIcon },
  { name: 'shield', label: 'Shield', Icon: ShieldIcon },
  { name: 'key', label: 'Key', Icon: KeyIcon },
  { name: 'lock', label: 'Lock', Icon: LockIcon },
  { name: 'bolt', label: 'Bolt', Icon: BoltIcon },
  { name: 'fire', label: 'Fire', Icon: FireIcon },
  { name: 'flag', label: 'Flag', Icon: FlagIcon },
  { name: 'building', label: 'Building', Icon: BusinessIcon },
  { name: 'landmark', label: 'Landmark', Icon: AccountBalanceIcon },
  { name: 'server', label: 'Server', Icon: DnsIcon },
  { name: 'cloud', label: 'Cloud', Icon: CloudIcon },
];

/** A glyph's icon, or nothing for a name the console does not draw (it is still shown by name). */
export function GlyphIcon({ glyph: name, ...props }: { glyph: string | null } & SvgIconProps) {
  const glyph = GLYPHS.find((g) => g.name === name);
  return glyph ? <glyph.Icon aria-hidden {...props} /> : null;
}
