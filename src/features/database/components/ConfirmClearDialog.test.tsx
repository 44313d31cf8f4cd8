import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmClearDialog } from './ConfirmClearDialog';

describe('ConfirmClearDialog', () => {
  it('lists the consequences and sends nothing until DELETE is typed', async () => {
    const onConfirm = vi.fn();
    const user = userEvent.setup({ delay: null });
    render(
      <ConfirmClearDialog
        open
        consequences={['The file ingest history is deleted.', 'The data quality history is deleted.']}
        pending={false}
        onConfirm={onConfirm}
        onClose={() => {}}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Delete this data?' });
    expect(dialog).toHaveAccessibleDescription(
      /The file ingest history is deleted\. The data quality history is deleted\..*cannot be undone/,
    );
    const typed = screen.getByRole('textbox', { name: 'Type DELETE to confirm' });
    expect(typed).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Delete data' }));
    expect(onConfirm).not.toHaveBeenCalled();
    expect(typed).toHaveAttribute('aria-invalid', 'true');
    expect(typed).toHaveAccessibleDescription('Type DELETE, in capital letters, to confirm.');

    await user.type(typed, 'delete{Enter}');
    expect(onConfirm).not.toHaveBeenCalled();
    await user.clear(typed);
    expect(typed).toHaveAttribute('aria-invalid', 'false');
    await user.type(typed, 'Delete{Enter}');
    expect(onConfirm).not.toHaveBeenCalled();
    await user.clear(typed);
    await user.type(typed, '  DELETE {Enter}');
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });
});
