import { useState, type BaseSyntheticEvent } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { applyServerErrors } from './server-errors';

export interface FormSubmitOptions<TValues extends FieldValues, TOutput, TResult> {
  /**
   * Form fields a server error context may name as it is. Default: every
   * top-level field of the form. Pass `[]` to put every server message in the
   * form's message instead.
   */
  fields?: readonly Path<TValues>[];
  /** Server error context (body field name) → form field, where they differ (`secret` → `password`). */
  fieldMap?: Partial<Record<string, Path<TValues>>>;
  /** After the server accepted: close the dialog, notify, navigate. */
  onSuccess?: (result: TResult, values: TOutput) => void;
  /**
   * A failure this form handles itself: return the message to show (null for
   * none); return undefined to leave it to the usual mapping (field errors on
   * their fields, the rest as one sentence).
   */
  onError?: (error: unknown, values: TOutput) => string | null | undefined;
  /**
   * Runs once the submit settles either way; give a mutation's `reset` so
   * what was sent (a password) is not kept in its state.
   */
  onSettled?: () => void;
}

/** What a form (and FormDialog) needs from {@link useFormSubmit}. */
export interface FormSubmit {
  /** The form's onSubmit: validates, sends, maps the answer. */
  onSubmit: (event?: BaseSyntheticEvent) => Promise<void>;
  /** The sentence for errors that belong to no field (null when there is none). */
  formError: string | null;
  setFormError: (message: string | null) => void;
  /** True while a valid submit runs: the submit button shows progress and the dialog cannot close. */
  pending: boolean;
  /** The form has changes (closing asks first). */
  dirty: boolean;
}

/**
 * The one submit of every form: validates (the form's resolver), runs
 * `submit`, then on success calls `onSuccess`; on failure puts the server's
 * field errors on their fields (focusing the first) and the rest into one
 * sentence (`formError`). What was typed (passwords, chosen roles) stays: the
 * form is never reset on a failure.
 */
export function useFormSubmit<TValues extends FieldValues, TOutput, TResult>(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any form context
  form: UseFormReturn<TValues, any, TOutput>,
  submit: (values: TOutput) => Promise<TResult> | TResult,
  options: FormSubmitOptions<TValues, TOutput, TResult> = {},
): FormSubmit {
  const [formError, setFormError] = useState<string | null>(null);
  const { handleSubmit, setError, getValues } = form;
  const { fields, fieldMap, onSuccess, onError, onSettled } = options;
  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    let result: TResult;
    try {
      result = await submit(values);
    } catch (error) {
      const own = onError?.(error, values);
      const named = fields ?? (Object.keys(getValues()) as Path<TValues>[]);
      setFormError(own !== undefined ? own : applyServerErrors(error, setError, named, fieldMap));
      return;
    } finally {
      onSettled?.();
    }
    onSuccess?.(result, values);
  });
  return { onSubmit, formError, setFormError, pending: form.formState.isSubmitting, dirty: form.formState.isDirty };
}
