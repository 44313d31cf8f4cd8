import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useClearDatabase } from '@/api/datapipe';
import type { ClearDatabaseBody } from '@/api/schemas/datapipe';
import { PageHeader } from '@/components/PageHeader';
import { applyServerErrors } from '@/components/form/server-errors';
import { useNotice } from '@/components/notice';
import { usePipeline } from '@/components/pipeline/pipeline-status';
import { useSelectorGroups, type SelectorGroup } from '@/features/database/api/list-selector-groups';
import { ClearChoices, ClearedResult } from '@/features/database/components/clear-choices';
import { ConfirmClearDialog } from '@/features/database/components/ConfirmClearDialog';
import {
  CLEAR_FIELDS,
  choiceConflict,
  consequences,
  deletedInWords,
  EMPTY_CHOICES,
  NOTHING_CHOSEN_MESSAGE,
  nothingChosen,
  SERVER_FIELD_MAP,
  toClearBody,
  type ClearFormValues,
} from '@/features/database/clear-form';

const TITLE = 'Database management';

interface Result {
  words: string;
}

/**
 * Database management (administrators: db.Wipe): choose what to delete, each option saying what it
 * removes; the service's forbidden combination and an empty choice are refused here with a message;
 * a typed confirmation lists the consequences; the result names what was deleted and shows the pipeline
 * analyzing what is left. Server errors land on the form, and the choices stay.
 */
export default function DatabasePage() {
  const form = useForm<ClearFormValues>({ defaultValues: EMPTY_CHOICES });
  const { control, handleSubmit, setError, clearErrors, reset, setFocus } = form;
  const values = useWatch({ control }) as ClearFormValues;
  const conflict = choiceConflict(values);
  const groups = useSelectorGroups();
  const clear = useClearDatabase();
  const { notify } = useNotice();
  // A refusal of the server that names no field (403, 500, …); cleared by the next try.
  const [formError, setFormError] = useState<string | null>(null);
  // After a try with nothing chosen, the message stays until something is.
  const [tried, setTried] = useState(false);
  const emptyMessage = tried && nothingChosen(values) ? NOTHING_CHOSEN_MESSAGE : null;
  // What the confirmation asks about; kept while the dialog closes, so its text stays put.
  const [confirming, setConfirming] = useState<ClearDatabaseBody | null>(null);
  const [open, setOpen] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [result, setResult] = useState<Result | null>(null);
  const resultHeading = useRef<HTMLHeadingElement>(null);
  const errorAlert = useRef<HTMLDivElement>(null);
  // Where the focus goes once the confirmation has closed (the dialog gives it back to its opener first):
  // the result, above the form; or the first field the server named, else the form's message.
  const afterClose = useRef<(() => void) | null>(null);
  const pipeline = usePipeline();

  const groupName = (id: number) => groups.data?.find((g: SelectorGroup) => g.id === id)?.name ?? `asset group ${id}`;

  const onSubmit = handleSubmit((chosen) => {
    clearErrors();
    setFormError(null);
    setTried(true);
    // The conflict is said beside the choices already; the focus goes there.
    if (choiceConflict(chosen)) return setFocus('allGraph');
    if (nothingChosen(chosen)) return;
    setAttempt((n) => n + 1);
    setConfirming(toClearBody(chosen));
    setOpen(true);
  });

  const confirm = () => {
    if (!confirming) return;
    const body = confirming;
    clear.mutate(body, {
      onSuccess: () => {
        const words = deletedInWords(body, groupName);
        afterClose.current = () => resultHeading.current?.focus();
        setOpen(false);
        setResult({ words });
        setTried(false);
        reset(EMPTY_CHOICES);
        notify(`Deleted ${words}. The service is analyzing what is left.`);
      },
      onError: (error) => {
        setOpen(false);
        setResult(null);
        // Field errors go on their fields without taking the focus (the dialog still holds it).
        const quietly: typeof setError = (name, e) => setError(name, e);
        const message = applyServerErrors(error, quietly, CLEAR_FIELDS, SERVER_FIELD_MAP);
        setFormError(message);
        afterClose.current = () => {
          const named = CLEAR_FIELDS.find((f) => form.getFieldState(f).error);
          if (named) setFocus(named);
          else errorAlert.current?.focus();
        };
      },
    });
  };

  return (
    <>
      <PageHeader
        title={TITLE}
        description="Delete data from the service's database, for good. The service analyzes what is left afterwards."
      />
      {result && <ClearedResult words={result.words} headingRef={resultHeading} pipeline={pipeline} />}
      <Box component="form" noValidate onSubmit={onSubmit} aria-label="What to delete">
        <Stack spacing={2}>
          {(formError ?? emptyMessage) && (
            <Alert ref={errorAlert} tabIndex={-1} severity="error" role="alert">
              {formError ?? emptyMessage}
            </Alert>
          )}
          <ClearChoices control={control} conflict={conflict} groups={groups} />
          <Box>
            <Button type="submit" variant="contained" color="error" disabled={clear.isPending}>
              Delete chosen data…
            </Button>
          </Box>
        </Stack>
      </Box>
      <ConfirmClearDialog
        key={attempt}
        open={open}
        consequences={confirming ? consequences(confirming, groupName) : []}
        pending={clear.isPending}
        onConfirm={confirm}
        onClose={() => setOpen(false)}
        onExited={() => {
          afterClose.current?.();
          afterClose.current = null;
        }}
      />
    </>
  );
}
