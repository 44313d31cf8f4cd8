import { FormControlLabel, FormHelperText, Stack, Switch, TextField, Typography } from '@mui/material';
import { Controller, useWatch, type Control, type FieldValues, type Path } from 'react-hook-form';
import type { Role } from '../../../api/schemas/roles';

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
  control: Control<T>;
  roles: readonly Role[];
  disabled?: boolean;
}) {
  const enabled = useWatch({ control, name: 'autoProvision' as Path<T> }) as boolean;
  return (
    <Stack component="fieldset" spacing={1} sx={{ border: 0, p: 0, m: 0 }}>
      <Typography component="legend" variant="subtitle2" sx={{ mb: 0.5 }}>
        Auto-provisioning
      </Typography>
      <Controller
        control={control}
        name={'autoProvision' as Path<T>}
        render={({ field }) => (
          <FormControlLabel
            control={
              <Switch
                checked={Boolean(field.value)}
                onChange={(_, checked) => field.onChange(checked)}
                onBlur={field.onBlur}
                slotProps={{ input: { ref: field.ref } }}
                disabled={disabled}
              />
            }
            label={AUTO_PROVISION_LABEL}
          />
        )}
      />
      <FormHelperText sx={{ mt: '0 !important', mx: 0 }}>
        When on, someone who signs in through this provider for the first time gets an account with the default role.
      </FormHelperText>
      <Controller
        control={control}
        name={'defaultRoleId' as Path<T>}
        render={({ field, fieldState }) => (
          <TextField
            select
            label="Default role"
            value={field.value ?? ''}
            onChange={field.onChange}
            onBlur={field.onBlur}
            inputRef={field.ref}
            disabled={disabled || !enabled}
            error={Boolean(fieldState.error)}
            helperText={fieldState.error?.message ?? 'The role of users created by auto-provisioning.'}
            slotProps={{ select: { native: true } }}
            sx={{ mt: 1 }}
          >
            {roles.length === 0 && <option value="">No roles available</option>}
            {roles.map((r) => (
              <option key={r.id} value={String(r.id)}>
                {r.name}
              </option>
            ))}
          </TextField>
        )}
      />
      <Controller
        control={control}
        name={'roleProvision' as Path<T>}
        render={({ field }) => (
          <FormControlLabel
            control={
              <Switch
                checked={enabled && Boolean(field.value)}
                onChange={(_, checked) => field.onChange(checked)}
                onBlur={field.onBlur}
                slotProps={{ input: { ref: field.ref } }}
                disabled={disabled || !enabled}
              />
            }
            label={ROLE_PROVISION_LABEL}
          />
        )}
      />
      <FormHelperText sx={{ mt: '0 !important', mx: 0 }}>
        When on, a new user&apos;s role comes from the identity provider&apos;s role claim when it names exactly one role;
        otherwise the default role applies.
      </FormHelperText>
    </Stack>
  );
}
