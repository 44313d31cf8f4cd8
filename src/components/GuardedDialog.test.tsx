// @vitest-environment jsdom
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DialogCloseButton, GuardedDialog, useUnsavedInput } from './GuardedDialog';

/** A part of a dialog that keeps its own input, as a picker inside a larger dialog does. */
function Picker() {
  const [text, setText] = useState('');
  useUnsavedInput(text !== '');
  return <TextField label="Person" value={text} onChange={(e) => setText(e.target.value)} />;
}

function Sharing({ onClose }: { onClose: () => void }) {
  return (
    <GuardedDialog onClose={onClose} aria-labelledby="title">
      <DialogTitle id="title">Sharing</DialogTitle>
      <DialogContent>
        <Picker />
      </DialogContent>
      <DialogCloseButton>Close</DialogCloseButton>
    </GuardedDialog>
  );
}

describe('GuardedDialog', () => {
  it('closes at once when no part holds input', async () => {
    const user = userEvent.setup({ delay: null });
    const onClose = vi.fn();
    render(<Sharing onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'Sharing' });
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('asks before Close or Escape drops what a part inside holds', async () => {
    const user = userEvent.setup({ delay: null });
    const onClose = vi.fn();
    render(<Sharing onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'Sharing' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Person' }), 'Ada');

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Discard changes?' });
    await user.click(within(ask).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(onClose).not.toHaveBeenCalled();
    expect(within(dialog).getByRole('textbox', { name: 'Person' })).toHaveValue('Ada');

    await user.keyboard('{Escape}');
    const again = await screen.findByRole('alertdialog', { name: 'Discard changes?' });
    await user.click(within(again).getByRole('button', { name: 'Discard' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('closes at once again once the part is emptied', async () => {
    const user = userEvent.setup({ delay: null });
    const onClose = vi.fn();
    render(<Sharing onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'Sharing' });
    const field = within(dialog).getByRole('textbox', { name: 'Person' });
    await user.type(field, 'Ada');
    await user.clear(field);
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
