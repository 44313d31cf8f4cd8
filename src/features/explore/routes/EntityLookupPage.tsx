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
import { lookupFormSchema, type EntityKind, type LookupFormInput, type LookupFormOutput } from '@/features/explore/lookup-form';
import { entityPath } from '@/lib/entity-path';

/** The kind the address asks for (`?kind=`), any object when it names none the form offers. */
function kindParam(raw: string | null): EntityKind {
  return raw === 'user' || raw === 'computer' ? raw : 'any';
}

/**
 * Look up an object of any kind, a computer's controllers or a user node by object id (typed, pasted, or
 * from `?kind=&id=`).
 */
export default function EntityLookupPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const form = useForm<LookupFormInput, unknown, LookupFormOutput>({
    resolver: zodResolver(lookupFormSchema),
    defaultValues: { kind: kindParam(params.get('kind')), objectId: params.get('id') ?? '' },
  });
  const kind = useController({ control: form.control, name: 'kind' }).field;
  const submit = useFormSubmit(form, (values: LookupFormOutput) => navigate(entityPath(values.kind, values.objectId)!));
  return (
    <>
      <PageHeader
        title="Entity look-up"
        description="Open an object of the directory graph by its object id: its information and counts, a computer's controllers, or a user node."
      />
      <EmptyGraphNote shows="its objects open here" sx={{ mb: 2, maxWidth: 720 }} />
      <Paper component="form" noValidate onSubmit={submit.onSubmit} sx={{ p: 3, maxWidth: 720 }} aria-label="Look up an entity">
        <Stack spacing={3}>
          <FormControl>
            <FormLabel id="entity-kind-label">Kind of entity</FormLabel>
            <RadioGroup row aria-labelledby="entity-kind-label" {...kind}>
              <FormControlLabel value="any" control={<Radio />} label="Any object (information and counts)" />
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
