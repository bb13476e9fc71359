import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '#tests/support/web-i18n';
import { pageTest } from '#tests/support/web-page';
import { SignUpForm } from './sign-up-form';

const t = i18n.getFixedT('pt-BR', 'accounts');
const { renderPage } = pageTest();

/**
 * Better Auth's client posts with a fetch of its own (not the page tests' fake API), so the sign-up call itself is
 * stood in for: what the form hands it is what reaches POST /api/auth/sign-up/email.
 */
const signUpCalls = vi.hoisted(() => [] as unknown[]);
vi.mock('../api/sign-up', () => ({
  useSignUp: () => ({
    mutateAsync: async (input: unknown) => {
      signUpCalls.push(input);
      throw Object.assign(new Error('recusado'), { status: 403, code: 'UNDER_AGE', message: 'recusado' });
    },
  }),
}));

const open = () =>
  renderPage(<SignUpForm callbackURL="/dashboard" onGoToSignIn={() => undefined} />, {
    route: '/auth/login',
    url: '/auth/login?tab=signup',
    namespaces: ['accounts'],
  });

async function fillForm(birthDigits: string) {
  await userEvent.type(screen.getByLabelText('Nome'), 'Lia Prado');
  await userEvent.type(screen.getByLabelText('E-mail'), 'lia@example.com');
  await userEvent.type(screen.getByLabelText('Senha'), 'senha-segura-123');
  await userEvent.type(screen.getByLabelText('Data de nascimento'), birthDigits);
  await userEvent.click(screen.getByRole('checkbox'));
}

/**
 * A fixed day in Brasília (20/11/2026, afternoon): who turns 18 tomorrow was born on 21/11/2008. Only `Date` is
 * faked, so a run across midnight cannot move "today" between the typing and the check.
 */
const TODAY = new Date('2026-11-20T15:00:00.000Z');
const TURNS_18_TOMORROW = '21112008';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(TODAY);
});

afterEach(() => {
  vi.useRealTimers();
});

describe('SignUpForm birth date (ADR 0066)', () => {
  it('shows dd/mm/aaaa as typed and sends YYYY-MM-DD', async () => {
    signUpCalls.length = 0;
    await open();
    await fillForm('17051990');
    const field = screen.getByLabelText('Data de nascimento') as HTMLInputElement;
    expect(field.value).toBe('17/05/1990');
    expect(field.placeholder).toBe('dd/mm/aaaa');
    await userEvent.click(screen.getByRole('button', { name: 'Criar Conta' }));
    await waitFor(() => expect(signUpCalls).toHaveLength(1));
    expect(signUpCalls[0]).toMatchObject({ name: 'Lia Prado', birthDate: '1990-05-17' });
  });

  it('refuses someone under 18 and a date that does not exist before asking the server', async () => {
    signUpCalls.length = 0;
    await open();
    await fillForm(TURNS_18_TOMORROW);
    await userEvent.click(screen.getByRole('button', { name: 'Criar Conta' }));
    expect(await screen.findByText(t('signUp.underAge'))).toBeTruthy();
    const field = screen.getByLabelText('Data de nascimento');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    await userEvent.clear(field);
    await userEvent.type(field, '30021990');
    await userEvent.click(screen.getByRole('button', { name: 'Criar Conta' }));
    expect(await screen.findByText(t('signUp.birthDateInvalid'))).toBeTruthy();
    expect(signUpCalls).toEqual([]);
  });
});
