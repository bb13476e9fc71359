import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import i18n from '#tests/support/web-i18n';
import { ApiError } from '#web/lib/api';
import { authErrorMessage } from './auth-errors';

describe('authErrorMessage', () => {
  beforeAll(async () => {
    await i18n.loadNamespaces('accounts');
    await i18n.loadLanguages('en');
  });
  // The shared i18n instance goes back to the default language for the next file in this worker.
  afterAll(() => i18n.changeLanguage('pt-BR'));

  it.each(['cross_site_request', 'INVALID_ORIGIN', 'MISSING_OR_NULL_ORIGIN'])(
    "a refusal for the wrong address (%s) is said in the reader's language, with what to do",
    async (code) => {
      const refused = new ApiError(403, code, 'Invalid origin');
      await i18n.changeLanguage('en');
      const english = authErrorMessage(refused, i18n.getFixedT('en', 'accounts'), 'Error');
      expect(english).toMatch(/^Request refused: .*Open Cena at the address it was set up with/);
      const portuguese = authErrorMessage(refused, i18n.getFixedT('pt-BR', 'accounts'), 'Erro');
      expect(portuguese).toMatch(
        /^Requisição recusada: .*Abra a Cena pelo endereço em que ela foi configurada/,
      );
      expect(`${english} ${portuguese}`).not.toContain('Invalid origin');
    },
  );
});
