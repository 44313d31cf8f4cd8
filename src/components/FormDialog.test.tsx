import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { FormTextField } from './form/FormTextField';
import { useFormSubmit } from './form/use-form-submit';
import { FormDialog } from './FormDialog';

function NameDialog({ onClose, send = () => Promise.resolve() }: { onClose: () => void; send?: () => Promise<unknown> }) {
  const form = useForm({ defaultValues: { name: '' } });
  const submit = useFormSubmit(form, send, { onSuccess: onClose });
  return (
    <FormDialog open title="Rename" submitLabel="Save" submit={submit} onClose={onClose}>
      <FormTextField control={form.control} name="name" label="Name" autoFocus />
    </FormDialog>
  );
}

describe('FormDialog', () => {
  it('closes an unchanged form at once on Escape', async () => {
    const user = userEvent.setup({ delay: null });
    const onClose = vi.fn();
    render(<NameDialog onClose={onClose} />);
    await screen.findByRole('dialog', { name: 'Rename' });
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('asks before discarding a changed form on Escape and on Cancel, and keeps editing when told to', async () => {
    const user = userEvent.setup({ delay: null });
    const onClose = vi.fn();
    render(<NameDialog onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'Rename' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Payments');

    await user.keyboard('{Escape}');
    const ask = await screen.findByRole('alertdialog', { name: 'Discard changes?' });
    expect(onClose).not.toHaveBeenCalled();
    expect(within(ask).getByRole('button', { name: 'Keep editing' })).toHaveFocus();
    await user.click(within(ask).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveValue('Payments');

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    const again = await screen.findByRole('alertdialog', { name: 'Discard changes?' });
    await user.click(within(again).getByRole('button', { name: 'Discard' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('leaves the focus where a Tab took it while the question fades in', async () => {
    const user = userEvent.setup({ delay: null });
    render(<NameDialog onClose={vi.fn()} />);
    const dialog = await screen.findByRole('dialog', { name: 'Rename' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Payments');
    await user.keyboard('{Escape}');
    const ask = await screen.findByRole('alertdialog', { name: 'Discard changes?' });
    expect(within(ask).getByRole('button', { name: 'Keep editing' })).toHaveFocus();
    await user.keyboard('{Tab}');
    const discard = within(ask).getByRole('button', { name: 'Discard' });
    expect(discard).toHaveFocus();
    // Past the end of the entrance (225 ms), when the question's own focus handler runs.
    await new Promise((done) => setTimeout(done, 400));
    expect(discard).toHaveFocus();
  });

  it('cannot be closed while a submit runs', async () => {
    const user = userEvent.setup({ delay: null });
    const onClose = vi.fn();
    let finish: () => void = () => {};
    const send = () => new Promise<void>((resolve) => (finish = resolve));
    render(<NameDialog onClose={onClose} send={send} />);
    const dialog = await screen.findByRole('dialog', { name: 'Rename' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled());
    await user.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    finish();
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });
});
