import { z } from 'zod';
import {
  clientTypeSupport,
  COLLECTION_TYPE_FLAGS,
  NO_COLLECTION_MESSAGE,
  type CollectionFlag,
  collectionFlagFields,
  DOMAIN_CONTROLLER_MESSAGE,
  DOMAIN_CONTROLLER_PATTERN,
} from '@/api/schemas/collection';

/** The run's rules: at least one collection on, and a domain controller only as a host name. */
export const runCollectionSchema = z
  .object({
    ...collectionFlagFields,
    domain_controller: z
      .string()
      .trim()
      .refine((v) => v === '' || DOMAIN_CONTROLLER_PATTERN.test(v), {
        error: `${DOMAIN_CONTROLLER_MESSAGE}, or leave it empty`,
      }),
  })
  .refine((v) => COLLECTION_TYPE_FLAGS.some((f) => v[f]), { error: NO_COLLECTION_MESSAGE, path: ['collections'] });

export type RunCollectionValues = z.input<typeof runCollectionSchema>;

/** The switches a new run starts from: sessions, local groups and structure, as far as the client's type collects them. */
export function runCollectionDefaults(type: string): RunCollectionValues {
  const supported = clientTypeSupport(type).flags;
  const on = (f: CollectionFlag, value: boolean) => value && supported.includes(f);
  return {
    session_collection: on('session_collection', true),
    local_group_collection: on('local_group_collection', true),
    ad_structure_collection: on('ad_structure_collection', true),
    cert_services_collection: false,
    ca_registry_collection: false,
    dc_registry_collection: false,
    all_trusted_domains: false,
    domain_controller: '',
  };
}
