import { formatCount } from '@/shared/count';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch, type Control } from 'react-hook-form';
import {
  createSavedQueryBody,
  SAVED_QUERY_DESCRIPTION_MAX_LENGTH,
  SAVED_QUERY_TEXT_MAX_LENGTH,
  type CreateSavedQueryBody,
  type SavedQuery,
  type SavedQueryFields,
} from '@/api/schemas/saved-queries';
import { FormDialog } from '@/components/FormDialog';
import { FormTextField } from '@/components/form/FormTextField';
import { useFormSubmit } from '@/components/form/use-form-submit';
import { useCreateSavedQuery } from '@/api/saved-queries/create-saved-query';
import { useUpdateSavedQuery } from '@/api/saved-queries/update-saved-query';
import { plural } from '@/shared/words';

type Values = CreateSavedQueryBody;

/** "1 line · 42 of 20,000 characters". */
export function queryTextSize(text: string): string {
  const lines = text === '' ? 0 : text.split(/\r\n|\r|\n/).length;
  return `${plural(lines, 'line')} · ${formatCount(text.length)} of ${formatCount(SAVED_QUERY_TEXT_MAX_LENGTH)} characters`;
}

/**
 * The query text: a plain multi-line field in a monospace font (tabs shown four columns wide, no spelling
 * marks, lines never wrapped mid-word), with its line and character count under it. Tab moves on to the next
 * control as everywhere else, so the keyboard is never caught in the field.
 */
function QueryTextField({ control }: { control: Control<Values> }) {
  const text = useWatch({ control, name: 'query' }) ?? '';
  return (
    <FormTextField
      control={control}
      name="query"
      label="Query"
      required
      multiline
      minRows={6}
      maxRows={18}
      autoComplete="off"
      helperText={`Cypher. ${queryTextSize(text)}`}
      slotProps={{
        htmlInput: {
          spellCheck: false,
          autoCapitalize: 'off',
          autoCorrect: 'off',
          style: {
            fontFamily: 'monospace',
            fontSize: '0.875rem',
            lineHeight: 1.5,
            tabSize: 4,
            whiteSpace: 'pre',
            overflowX: 'auto',
          },
        },
      }}
    />
  );
}

/**
 * Creates a query (`query` undefined, starting from `initialText` when given) or edits one the person owns: name,
 * description and the query text. The server's refusals (a name already used, a text too long) land on their
 * fields; nothing typed is lost.
 */
export function SavedQueryFormDialog({
  query,
  initialText = '',
  onClose,
  onSaved,
}: {
  query?: SavedQuery;
  initialText?: string;
  onClose: () => void;
  onSaved: (saved: SavedQuery) => void;
}) {
  const create = useCreateSavedQuery();
  const update = useUpdateSavedQuery(query?.id ?? 0);
  const form = useForm<Values, unknown, SavedQueryFields>({
    resolver: zodResolver(createSavedQueryBody),
    defaultValues: { name: query?.name ?? '', description: query?.description ?? '', query: query?.query ?? initialText },
  });
  const submit = useFormSubmit(
    form,
    (values: SavedQueryFields) => (query ? update.mutateAsync(values) : create.mutateAsync(values)),
    {
      onSuccess: onSaved,
    },
  );
  return (
    <FormDialog
      open
      title={query ? `Edit "${query.name}"` : 'New saved query'}
      submitLabel={query ? 'Save changes' : 'Save query'}
      submit={submit}
      onClose={onClose}
      maxWidth="md"
    >
      <FormTextField
        control={form.control}
        name="name"
        label="Name"
        required
        autoFocus
        autoComplete="off"
        helperText="Unique among your saved queries."
      />
      <FormTextField
        control={form.control}
        name="description"
        label="Description"
        multiline
        minRows={2}
        maxRows={5}
        autoComplete="off"
        helperText={`What it finds, for whoever runs it. Optional, at most ${formatCount(SAVED_QUERY_DESCRIPTION_MAX_LENGTH)} characters.`}
      />
      <QueryTextField control={form.control} />
    </FormDialog>
  );
}
