import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '#tests/support/app';
import { testPool } from '#tests/support/database';
import { signedUpWithCredits } from '#tests/support/users';

/** `GET /api/videos/estimate` on the real server: the create's price and the balance after, nothing held. */

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.stop();
});

it('prices a create as it would hold, with the balance before and after, and refuses what the model does not make', async () => {
  const pool = testPool({ connectionString: app.databaseUrl, max: 1 });
  try {
    const { client } = await signedUpWithCredits(app.url, pool, 25);
    const twoFast = await client.json('/api/videos/estimate?quality=fast&clipSeconds=8&variations=2');
    expect(twoFast.status).toBe(200);
    expect(twoFast.body).toEqual({
      credits: 20,
      balance: 25,
      balanceAfter: 5,
      enough: true,
      modeAvailable: true,
    });
    // Quality at 4K: twice Quality's 25 credits per 8 s (ADR 0033); more than the balance.
    const fourK = await client.json('/api/videos/estimate?quality=quality&resolution=4k');
    expect(fourK.body).toMatchObject({ credits: 50, balanceAfter: -25, enough: false });
    const draftIn4k = await client.json('/api/videos/estimate?quality=draft&resolution=4k');
    expect(draftIn4k.status).toBe(400);
    expect(draftIn4k.body).toMatchObject({
      error: {
        code: 'invalid_request',
        fields: { resolution: 'A resolução só pode ser escolhida no modo Quality.' },
      },
    });
    const unknownMode = await client.json('/api/videos/estimate?quality=ultra');
    expect(unknownMode.status).toBe(400);
    const holds = await pool.query('SELECT count(*)::int AS n FROM credit_holds');
    expect(holds.rows[0].n).toBe(0);
  } finally {
    await pool.end();
  }
});
