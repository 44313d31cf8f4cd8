import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { HttpError } from '@/api/errors';
import { FormTextField } from './FormTextField';
import { useFormSubmit } from './use-form-submit';

interface Values {
  email: string;
  password: string;
}

const refusal = (errors: { context: string; message: string }[]) =>
  new HttpError('Create user', 400, { http_status: 400, timestamp: '2026-11-22T10:00:00Z', request_id: 'r', errors });

function TestForm({ send, onSuccess }: { send: (v: Values) => Promise<unknown>; onSuccess?: () => void }) {
  const form = useForm<Values>({ defaultValues: { email: '', password: '' } });
  const submit = useFormSubmit(form, send, { fieldMap: { email_address: 'email', secret: 'password' }, onSuccess });
  return (
    <form noValidate onSubmit={submit.onSubmit}>
      {submit.formError && <div role="alert">{submit.formError}</div>}
      <FormTextField control={form.control} name="email" label="Email" helperText="Your work address" />
      <FormTextField control={form.control} name="password" label="Password" type="password" />
      <button type="submit">Save</button>
    </form>
  );
}

describe('FormTextField', () => {
  it('shows its label and helper text, then the server’s error on its field, focused', async () => {
    const user = userEvent.setup({ delay: null });
    render(<TestForm send={() => Promise.reject(refusal([{ context: 'email_address', message: 'The address is taken.' }]))} />);
    const email = screen.getByRole('textbox', { name: 'Email' });
    expect(screen.getByText('Your work address')).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'false');
    await user.type(email, 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The address is taken.')).toBeInTheDocument();
    expect(screen.queryByText('Your work address')).not.toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('The address is taken.');
    expect(email).toHaveFocus();
  });
});

describe('useFormSubmit', () => {
  it('keeps what was typed after a failed submit, maps field errors and says the rest in one sentence', async () => {
    const user = userEvent.setup({ delay: null });
    const onSuccess = vi.fn();
    const send = vi
      .fn<(v: Values) => Promise<unknown>>()
      .mockRejectedValueOnce(
        refusal([
          { context: 'secret', message: 'secret: The password is too common.' },
          { context: 'request', message: 'Nothing was saved.' },
        ]),
      )
      .mockResolvedValueOnce({ id: 1 });
    render(<TestForm send={send} onSuccess={onSuccess} />);
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'Password-1');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Nothing was saved.');
    // The "context: " prefix is dropped under the field it names.
    expect(screen.getByText('The password is too common.')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('ada@example.com');
    expect(screen.getByLabelText('Password')).toHaveValue('Password-1');
    expect(onSuccess).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith({ id: 1 }, { email: 'ada@example.com', password: 'Password-1' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('reports a failure of the request itself as one sentence, on no field', async () => {
    const user = userEvent.setup({ delay: null });
    const down = new HttpError('Create user', 503, {
      http_status: 503,
      timestamp: '2026-11-22T10:00:00Z',
      request_id: 'r',
      errors: [{ context: 'email_address', message: 'Service unavailable.' }],
    });
    render(<TestForm send={() => Promise.reject(down)} />);
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Service unavailable\./);
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAttribute('aria-invalid', 'false');
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('ada@example.com');
  });
});
