import FormControl from '@mui/material/FormControl';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { clientTypeSupport, COLLECTION_FLAG_LABELS, COLLECTION_TYPE_FLAGS, type CollectionFlag } from '@/api/schemas/collection';
import { FormSwitch } from '@/components/form/FormSwitch';

/** What each option does, in a sentence (SharpHound's words; AzureHound's structure collection says its own). */
const OPTION_SENTENCES: Record<CollectionFlag, string> = {
  session_collection: 'Asks computers who is signed in where, to find paths through sessions.',
  local_group_collection: 'Reads the members of local groups (administrators, remote desktop users) on computers.',
  ad_structure_collection: 'Reads users, groups, computers, GPOs, OUs, containers and their permissions from the domain.',
  cert_services_collection: 'Reads certificate authorities and certificate templates (AD CS).',
  ca_registry_collection: 'Reads registry settings of certificate authorities that affect how they issue certificates.',
  dc_registry_collection: 'Reads registry settings of domain controllers that affect authentication.',
  all_trusted_domains: 'Also collects every domain the client’s domain trusts, not only the ones it names.',
};
const TENANT_STRUCTURE_SENTENCE = 'Reads the tenant’s users, groups, devices, applications and roles.';

/**
 * The collection options of a task or a scheduled event, for a client type
 * (SharpHound when none is chosen yet): a "Collect" switch per collection the
 * type supports, each with a sentence saying what it does and the form's
 * "choose at least one" error under them; then, for types that collect
 * domains, the "Scope" switch for every trusted domain. The form's values hold
 * the flags by their API names.
 */
export function CollectionOptions<T extends FieldValues>({
  control,
  clientType,
  error,
}: {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any form context and output type
  control: Control<T, any, any>;
  /** The client's type as the server sent it (undefined before one is chosen). */
  clientType: string | undefined;
  /** The form-level "no collection chosen" message, if any. */
  error: string | undefined;
}) {
  const support = clientTypeSupport(clientType);
  const flags = COLLECTION_TYPE_FLAGS.filter((f) => support.flags.includes(f));
  const sentence = (f: CollectionFlag) => (support.targets ? OPTION_SENTENCES[f] : TENANT_STRUCTURE_SENTENCE);
  const name = (f: CollectionFlag) => f as FieldPath<T>;
  return (
    <>
      <FormControl component="fieldset" error={Boolean(error)} variant="standard">
        <FormLabel component="legend">Collect</FormLabel>
        <FormGroup>
          {flags.map((flag) => (
            <FormSwitch
              key={flag}
              control={control}
              name={name(flag)}
              label={COLLECTION_FLAG_LABELS[flag]}
              helperText={sentence(flag)}
            />
          ))}
        </FormGroup>
        {error && <FormHelperText role="alert">{error}</FormHelperText>}
      </FormControl>
      {support.targets && (
        <FormControl component="fieldset" variant="standard">
          <FormLabel component="legend">Scope</FormLabel>
          <FormSwitch
            control={control}
            name={name('all_trusted_domains')}
            label={COLLECTION_FLAG_LABELS.all_trusted_domains}
            helperText={OPTION_SENTENCES.all_trusted_domains}
          />
        </FormControl>
      )}
    </>
  );
}
