import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { brazilToday } from '#shared/age';
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

/** dd/mm/aaaa of the date `years` years before today in Brasília, plus `days`. */
function digitsOf(years: number, days: number): string {
  const [year, month, day] = brazilToday().split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year - years, month - 1, day + days));
  return date.toISOString().slice(0, 10).split('-').reverse().join('');
}

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
    await fillForm(digitsOf(18, 1));
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
