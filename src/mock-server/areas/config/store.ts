/** What the config area keeps in DbState: configuration parameters and feature flags. */
import type { ConfigValue } from '../../../api/schemas/config';
import type { BaseStored } from '../../store/db';

export interface StoredConfigParameter extends BaseStored {
  id: number;
  key: string;
  name: string;
  description: string;
  value: ConfigValue;
}

export interface StoredFeatureFlag extends BaseStored {
  id: number;
  key: string;
  name: string;
  description: string;
  enabled: boolean;
  user_updatable: boolean;
}

/** What this part of the mock keeps in the state (one part of DbState, store/db.ts). */
export interface ConfigState {
  configParameters: StoredConfigParameter[];
  featureFlags: StoredFeatureFlag[];
}
