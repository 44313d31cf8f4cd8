import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useController, useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { FormTextField } from '@/components/form/FormTextField';
import { useFormSubmit } from '@/components/form/use-form-submit';
import { EmptyGraphNote } from '@/components/EmptyGraphNote';
import { PageHeader } from '@/components/PageHeader';
import { lookupFormSchema, type LookupFormInput, type LookupFormOutput } from '@/features/entities/lookup-form';
import { entityPath } from '@/lib/entity-path';

/** Look up a computer's controllers or a user node by object id (typed, pasted, or from `?kind=&id=`). */
export default function EntityLookupPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const form = useForm<LookupFormInput, unknown, LookupFormOutput>({
    resolver: zodResolver(lookupFormSchema),
    defaultValues: { kind: params.get('kind') === 'user' ? 'user' : 'computer', objectId: params.get('id') ?? '' },
  });
  const kind = useController({ control: form.control, name: 'kind' }).field;
  const submit = useFormSubmit(form, (values: LookupFormOutput) => navigate(entityPath(values.kind, values.objectId)!));
  return (
    <>
      <PageHeader
        title="Entity look-up"
        description="Open a computer's controllers or a user node of the directory graph by its object id."
      />
      <EmptyGraphNote shows="its computers and users open here" sx={{ mb: 2, maxWidth: 720 }} />
      <Paper component="form" noValidate onSubmit={submit.onSubmit} sx={{ p: 3, maxWidth: 720 }} aria-label="Look up an entity">
        <Stack spacing={3}>
          <FormControl>
            <FormLabel id="entity-kind-label">Kind of entity</FormLabel>
            <RadioGroup row aria-labelledby="entity-kind-label" {...kind}>
              <FormControlLabel value="computer" control={<Radio />} label="Computer (its controllers)" />
              <FormControlLabel value="user" control={<Radio />} label="User (node info and counts)" />
            </RadioGroup>
          </FormControl>
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
              Asset-group member tables link here too.
            </Typography>
          </Stack>
        </Stack>
      </Paper>
    </>
  );
}
