import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { FormDialog } from '@/components/FormDialog';
import { FormDateInput } from '@/components/form/DateInput';
import { FormSwitch } from '@/components/form/FormSwitch';
import { FormTextField } from '@/components/form/FormTextField';
import { useFormSubmit } from '@/components/form/use-form-submit';
import { browserTimeZone } from '@/shared/format';
import { useRiskAcceptance } from '@/features/attack-paths/api/attack-paths';
import { acceptRiskBody, acceptRiskDefaults, acceptRiskSchema, NOTE_MAX, type AcceptRiskValues } from './accept-risk-form';

/** What the dialog is about: the finding's id and how a person names it ("FINANCE@… → DC01…"). */
export interface AcceptTarget {
  id: number;
  name: string;
}

/**
 * Accept one finding's risk: until a day and time (in the person's time zone) or with no expiry, and why.
 * A past expiry is refused on the form; a refusal of the server shows here with what was typed kept.
 */
export function AcceptRiskDialog({
  target,
  onClose,
  onAccepted,
}: {
  target: AcceptTarget | null;
  onClose: () => void;
  onAccepted: (message: string) => void;
}) {
  const accept = useRiskAcceptance();
  const schema = useMemo(() => acceptRiskSchema(), []);
  const form = useForm<AcceptRiskValues>({ resolver: zodResolver(schema), defaultValues: acceptRiskDefaults() });
  const submit = useFormSubmit(
    form,
    (values: AcceptRiskValues) => accept.mutateAsync({ id: target!.id, accepted: true, ...acceptRiskBody(values) }),
    {
      fields: ['date', 'note'],
      fieldMap: { accept_until: 'date', note: 'note' },
      onSuccess: () => onAccepted(`Risk accepted for ${target!.name}`),
    },
  );
  const { reset } = form;
  const { setFormError } = submit;
  useEffect(() => {
    if (target) {
      reset(acceptRiskDefaults());
      setFormError(null);
    }
    // Start afresh each time the dialog opens for a finding.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [target?.id]);
  const noExpiry = useWatch({ control: form.control, name: 'noExpiry' });
  const note = useWatch({ control: form.control, name: 'note' }) ?? '';

  return (
    <FormDialog open={target !== null} title="Accept risk" submitLabel="Accept risk" submit={submit} onClose={onClose}>
      <Typography variant="body2">
        {target?.name}: an accepted finding is hidden from the principals and counts until its expiry, then shows again.
      </Typography>
      <FormSwitch
        control={form.control}
        name="noExpiry"
        label="No expiry"
        helperText="Accept it until someone stops accepting it."
      />
      {!noExpiry && (
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
          <FormDateInput control={form.control} name="date" kind="date" label="Expiry date" width={{ xs: '100%', sm: 220 }} />
          <FormDateInput
            control={form.control}
            name="time"
            kind="time"
            label="Expiry time"
            helperText={`Your time (${browserTimeZone()})`}
            width={{ xs: '100%', sm: 180 }}
          />
        </Box>
      )}
      <FormTextField
        control={form.control}
        name="note"
        label="Note (optional)"
        multiline
        minRows={3}
        helperText={`Why the risk is accepted; kept in the audit log. ${note.length}/${NOTE_MAX}`}
        slotProps={{ htmlInput: { maxLength: NOTE_MAX + 100 } }}
      />
    </FormDialog>
  );
}
