import { act, render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import i18n from '#tests/support/web-i18n';
import { Toaster, toast } from './toaster';

describe('Toaster', () => {
  it('shows toasts at the bottom centre, never at the top over the header', async () => {
    render(
      <I18nextProvider i18n={i18n}>
        <Toaster />
      </I18nextProvider>,
    );
    await act(async () => {
      toast.success('Vídeo pronto');
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    const list = document.querySelector('[data-sonner-toaster]');
    expect(list?.getAttribute('data-y-position')).toBe('bottom');
    expect(list?.getAttribute('data-x-position')).toBe('center');
  });
});
