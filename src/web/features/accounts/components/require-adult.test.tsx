import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { accountsContract } from '#shared/accounts.contract';
import { AGE_MESSAGES } from '#shared/age';
import { me } from '#tests/support/web-fixtures';
import i18n from '#tests/support/web-i18n';
import { pageTest } from '#tests/support/web-page';
import RequireAdultLayout from './require-adult';

const t = i18n.getFixedT('pt-BR', 'accounts');
const { api, renderPage } = pageTest();

/** An account made before the age rule, or with Google: no birth date (ADR 0066). */
const withoutBirthDate = { ...me, user: { ...me.user, birthDateKnown: false } };

const open = () =>
  renderPage(
    <Routes>
      <Route element={<RequireAdultLayout />}>
        <Route path="*" element={<p>Página de criar</p>} />
      </Route>
    </Routes>,
    { route: '/dashboard/*', url: '/dashboard/create', namespaces: ['accounts'] },
  );

/**
 * A fixed day in Brasília (20/11/2026, afternoon): who turns 18 tomorrow was born on 21/11/2008. Only `Date` is
 * faked, so a run across midnight cannot move "today" between the typing and the check.
 */
const TODAY = new Date('2026-11-20T15:00:00.000Z');
const TURNS_18_TOMORROW = '21112008';

const WIDTH = window.innerWidth;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(TODAY);
});

afterEach(() => {
  vi.useRealTimers();
  // The document is shared with the next files of this worker.
  window.innerWidth = WIDTH;
});

describe('the age gate before paying (ADR 0066)', () => {
  it('asks an account without a birth date for it at 375 px, refuses under 18 as the sign-up does, then shows the page', async () => {
    window.innerWidth = 375;
    api().answer(accountsContract.getMe, withoutBirthDate);
    api().fail(accountsContract.setBirthDate, 'under_age', AGE_MESSAGES.underAge);
    await open();
    expect(await screen.findByRole('heading', { name: 'Confirme sua idade' })).toBeTruthy();
    expect(screen.queryByText('Página de criar')).toBeNull();
    const field = screen.getByLabelText('Data de nascimento') as HTMLInputElement;
    expect(field.placeholder).toBe('dd/mm/aaaa');
    // The rule is said once, under the field, not again in the text above it.
    expect(screen.getAllByText(/maiores de 18 anos/)).toHaveLength(1);

    // Under 18 is refused before asking the server, with the sign-up's message.
    await userEvent.type(field, TURNS_18_TOMORROW);
    await userEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(await screen.findByText(t('signUp.underAge'))).toBeTruthy();
    expect(api().callsTo(accountsContract.setBirthDate)).toHaveLength(0);

    // The server's refusal says the same.
    await userEvent.clear(field);
    await userEvent.type(field, '17051990');
    await userEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    await waitFor(() => expect(api().callsTo(accountsContract.setBirthDate)).toHaveLength(1));
    expect(await screen.findByText(t('signUp.underAge'))).toBeTruthy();

    api().answer(accountsContract.setBirthDate, me);
    await userEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(await screen.findByText('Página de criar')).toBeTruthy();
    const sent = api().callsTo(accountsContract.setBirthDate).at(-1);
    expect(JSON.parse(String(sent?.init.body))).toEqual({ birthDate: '1990-05-17' });
  });

  it('shows the page at once to an account that has one', async () => {
    api().answer(accountsContract.getMe, me);
    await open();
    expect(await screen.findByText('Página de criar')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Confirme sua idade' })).toBeNull();
  });
});
