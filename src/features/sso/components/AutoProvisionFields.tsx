import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useWatch, type Control, type FieldValues, type Path } from 'react-hook-form';
import { FormSwitch } from '@/components/form/FormSwitch';
import { FormTextField } from '@/components/form/FormTextField';
import type { Role } from '@/api/schemas/roles';

export interface AutoProvisionValues extends FieldValues {
  autoProvision: boolean;
  defaultRoleId: string;
  roleProvision: boolean;
}

export const AUTO_PROVISION_LABEL = 'Auto-provision users on first sign-in';
export const ROLE_PROVISION_LABEL = 'Let the identity provider manage roles';

/**
 * The `config.auto_provision` settings shared by the SAML and OIDC forms:
 * the switch, the default role (from GET /api/v2/roles) and role provisioning.
 */
export function AutoProvisionFields<T extends AutoProvisionValues>({
  control,
  roles,
  disabled,
}: {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any form context and output type
  control: Control<T, any, any>;
  roles: readonly Role[];
  disabled?: boolean;
}) {
  const enabled = useWatch({ control, name: 'autoProvision' as Path<T> }) as boolean;
  return (
    <Stack component="fieldset" spacing={1} sx={{ border: 0, p: 0, m: 0 }}>
      <Typography component="legend" variant="subtitle2" sx={{ mb: 0.5 }}>
        Auto-provisioning
      </Typography>
      <FormSwitch
        control={control}
        name={'autoProvision' as Path<T>}
        label={AUTO_PROVISION_LABEL}
        disabled={disabled}
        helperText="When on, someone who signs in through this provider for the first time gets an account with the default role."
      />
      <FormTextField
        control={control}
        name={'defaultRoleId' as Path<T>}
        select
        label="Default role"
        disabled={disabled || !enabled}
        helperText="The role of users created by auto-provisioning."
        slotProps={{ select: { native: true } }}
        sx={{ mt: 1 }}
      >
        {roles.length === 0 && <option value="">No roles available</option>}
        {roles.map((r) => (
          <option key={r.id} value={String(r.id)}>
            {r.name}
          </option>
        ))}
      </FormTextField>
      <FormSwitch
        control={control}
        name={'roleProvision' as Path<T>}
        label={ROLE_PROVISION_LABEL}
        disabled={disabled || !enabled}
        forceOff={!enabled}
        helperText="When on, a new user's role comes from the identity provider's role claim when it names exactly one role; otherwise the default role applies."
      />
    </Stack>
  );
}
