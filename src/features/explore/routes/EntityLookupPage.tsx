import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { FormTextField } from '@/components/form/FormTextField';
import { useFormSubmit } from '@/components/form/use-form-submit';
import { EmptyGraphNote } from '@/components/EmptyGraphNote';
import { PageHeader } from '@/components/PageHeader';
import { lookupFormSchema, type LookupFormInput, type LookupFormOutput } from '@/features/explore/lookup-form';
import { nodePath } from '@/lib/entity-path';

/** Look up an object by its object id (typed, pasted, or from `?id=`): it opens in Explore, drawn and selected. */
export default function EntityLookupPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const form = useForm<LookupFormInput, unknown, LookupFormOutput>({
    resolver: zodResolver(lookupFormSchema),
    defaultValues: { kind: 'any', objectId: params.get('id') ?? '' },
  });
  const submit = useFormSubmit(form, (values: LookupFormOutput) => navigate(nodePath(values.objectId)));
  return (
    <>
      <PageHeader
        title="Entity look-up"
        description="Open an object of the directory graph by its object id in Explore: its information, counts and related objects."
      />
      <EmptyGraphNote shows="its objects open in Explore" sx={{ mb: 2, maxWidth: 720 }} />
      <Paper component="form" noValidate onSubmit={submit.onSubmit} sx={{ p: 3, maxWidth: 720 }} aria-label="Look up an entity">
        <Stack spacing={3}>
          <FormTextField
            control={form.control}
            name="objectId"
            label="Object ID"
            placeholder="S-1-5-21-… or a GUID"
            autoFocus
            autoComplete="off"
            spellCheck={false}
            helperText="A SID such as S-1-5-21-4107638521-1930581446-2864410937-1104, or a GUID. Spaces, quotes and braces around it are ignored."
            slotProps={{ htmlInput: { style: { fontFamily: 'monospace' } } }}
          />
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <Button type="submit" variant="contained">
              Open
            </Button>
            <Typography variant="body2" color="text.secondary">
              It opens in Explore, drawn and selected.
            </Typography>
          </Stack>
        </Stack>
      </Paper>
    </>
  );
}
