import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import i18n from '#tests/support/web-i18n';
import { ConfirmDialog } from './confirm-dialog';

const open = (props: { confirmLabel: string | null; onOpenChange?: (open: boolean) => void }) => {
  const onConfirm = vi.fn();
  render(
    <I18nextProvider i18n={i18n}>
      <ConfirmDialog
        open
        onOpenChange={props.onOpenChange ?? (() => {})}
        title="Excluir Ana?"
        description="Não dá para desfazer."
        cancelLabel="Cancelar"
        confirmLabel={props.confirmLabel}
        onConfirm={onConfirm}
        pending={false}
        confirmTestId="confirm"
      />
    </I18nextProvider>,
  );
  return { onConfirm, dialog: screen.getByRole('dialog', { name: 'Excluir Ana?' }) };
};

describe('ConfirmDialog', () => {
  it('asks with its title and text, runs the action on confirm and closes on the way out', async () => {
    const onOpenChange = vi.fn();
    const { onConfirm, dialog } = open({ confirmLabel: 'Excluir', onOpenChange });
    expect(within(dialog).getByText('Não dá para desfazer.')).toBeTruthy();
    await userEvent.click(within(dialog).getByTestId('confirm'));
    expect(onConfirm).toHaveBeenCalledOnce();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('offers only the way out once there is nothing left to confirm', () => {
    const { dialog } = open({ confirmLabel: null });
    expect(within(dialog).queryByTestId('confirm')).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Cancelar' })).toBeTruthy();
  });
});
