import { expect, it } from 'vitest';
import { insertUser } from '#tests/support/users';
import { seriousViolations } from '../support/axe';
import { describeBrowser } from '../support/browser';
import { creatorBrowser } from '../support/creator-browser';

/**
 * The profile's "Convide um amigo" card on a 375 px phone (ADR 0046): each invite's state in pt-BR — waiting with
 * the day its credits come, rewarded, or not counted with why — inside the screen, nothing wider than it, and axe
 * finds nothing serious or critical.
 */

describeBrowser('the invite card on a phone', () => {
  const creator = creatorBrowser('cena-invite-phone-');

  it('tells each invite’s state at 375 px without running off the screen', async () => {
    const { app } = creator;
    const { email, errors, page } = await creator.signIn({
      name: 'Tainá Rocha',
      credits: 1,
      viewport: { width: 375, height: 812 },
    });
    const pool = app.cena.pool;
    const inviter = (await pool.query<{ id: string }>('SELECT id FROM "user" WHERE email = $1', [email]))
      .rows[0]?.id;
    const rows = [
      // Still waiting: its reward date stays ahead, or the app's invite sweep would move it while the test reads it.
      { name: 'Maria Eduarda Albuquerque', purchase: 'cs_wait', outcome: null, due: '2099-12-06T12:00:00Z' },
      { name: 'Bia Nunes', purchase: 'cs_ok', outcome: 'rewarded', due: '2026-11-20T12:00:00Z' },
      { name: 'Caio Prado', purchase: 'cs_same', outcome: 'same_address', due: '2026-11-20T12:00:00Z' },
      { name: 'Duda Reis', purchase: null, outcome: null, due: null },
    ];
    for (const [i, row] of rows.entries()) {
      const invitee = await insertUser(pool);
      await pool.query('UPDATE "user" SET name = $2 WHERE id = $1', [invitee, row.name]);
      await pool.query(
        `INSERT INTO invitations (invitee_user_id, inviter_user_id, created_at, purchase_source, purchase_ref,
           reward_due_at, outcome, rewarded_at)
         VALUES ($1, $2, $3, CASE WHEN $4::text IS NULL THEN NULL ELSE 'package' END, $4, $5, $6,
           CASE WHEN $6 = 'rewarded' THEN $5::timestamptz END)`,
        [invitee, inviter, new Date(Date.UTC(2026, 10, 10 + i, 12)), row.purchase, row.due, row.outcome],
      );
    }
    await page.goto(`${app.url}/dashboard/profile`);
    const card = page.getByTestId('invite-card');
    await card.getByText('Não contou').waitFor();
    const list = card.getByRole('list', { name: 'Seus convites' });
    expect(await list.getByRole('listitem').allTextContents()).toEqual([
      'DudaEntrou em 13/11/2026Aguardando a primeira compra',
      'CaioEntrou em 12/11/2026A conta foi criada na mesma rede que você ou outro convidado usou.Não contou',
      'BiaEntrou em 11/11/2026+20 créditos',
      'MariaEntrou em 10/11/2026Comprou: os créditos chegam em 06/12/2099, quando termina o prazo para desistir da compra.Aguardando o prazo',
    ]);
    // Nothing wider than the phone, and every row's parts inside the card.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    const cardBox = await card.boundingBox();
    for (const item of await list.getByRole('listitem').all()) {
      const box = await item.boundingBox();
      expect(box && cardBox && box.x >= cardBox.x && box.x + box.width <= cardBox.x + cardBox.width).toBe(
        true,
      );
    }
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });
});
