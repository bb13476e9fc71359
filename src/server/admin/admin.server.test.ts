import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newEmail, signUpAndVerify } from '#tests/support/accounts';
import { startTestApp, type TestApp } from '#tests/support/app';
import { runToEnd } from '#tests/support/child-process';
import { testPool } from '#tests/support/database';
import { CommandError, parseAdminArgs, runAdminCommand, UsageError } from './admin-commands.server';

/** The operator CLI and the admin check it feeds. */

let app: TestApp;
let pool: pg.Pool;

beforeAll(async () => {
  app = await startTestApp();
  pool = testPool({ connectionString: app.databaseUrl, max: 2 });
});

afterAll(async () => {
  await pool?.end();
  await app?.stop();
});

function runCli(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const { LOG_LEVEL: _unset, ...env } = process.env;
  return runToEnd(process.execPath, ['--import', 'tsx', 'src/server/admin/admin-cli.ts', ...args], {
    ...env,
    DATABASE_URL: app.databaseUrl,
  });
}

describe('arguments', () => {
  it('parses both commands', () => {
    expect(parseAdminArgs(['grant-role', 'Ana@Example.com', 'admin'])).toEqual({
      command: 'grant-role',
      email: 'Ana@Example.com',
      role: 'admin',
    });
    expect(parseAdminArgs(['grant-credits', 'ana@example.com', '250'])).toEqual({
      command: 'grant-credits',
      email: 'ana@example.com',
      amount: 250,
      days: undefined,
    });
    expect(parseAdminArgs(['grant-credits', 'ana@example.com', '250', '30'])).toMatchObject({ days: 30 });
  });

  it.each([
    [[], /Missing command/],
    [['promote', 'a@b.co'], /Unknown command "promote"/],
    [['grant-role', 'not-an-email', 'admin'], /Invalid <email> "not-an-email"/],
    [['grant-role', 'a@b.co'], /Missing <role>/],
    [['grant-role', 'a@b.co', 'owner'], /Invalid <role> "owner": the only role is admin/],
    [['grant-credits', 'a@b.co'], /Missing <amount>/],
    [['grant-credits', 'a@b.co', '0'], /Invalid <amount> "0": below 1/],
    [['grant-credits', 'a@b.co', '2.5'], /not a whole number/],
    [['grant-credits', 'a@b.co', '-5'], /not a whole number/],
    [['grant-credits', 'a@b.co', '99999999'], /above 1000000/],
    [['grant-credits', 'a@b.co', '10', '0'], /Invalid <days> "0"/],
    [['grant-credits', 'a@b.co', '10', '30', 'extra'], /takes <email>, <amount>/],
  ])('refuses %j', (args, message) => {
    expect(() => parseAdminArgs(args)).toThrow(UsageError);
    expect(() => parseAdminArgs(args)).toThrow(message);
  });
});

describe('commands', () => {
  it('grant-role from the command line turns the admin check on', async () => {
    const { client, email } = await signUpAndVerify(app.url);
    expect((await client.json('/api/admin/check')).body).toEqual({ isAdmin: false });

    const first = await runCli(['grant-role', email.toUpperCase(), 'admin']);
    expect(first).toEqual({ code: 0, stdout: `${email.toUpperCase()} is now admin.\n`, stderr: '' });

    expect((await client.json('/api/admin/check')).body).toEqual({ isAdmin: true });
    expect((await client.json('/api/me')).body).toMatchObject({ isAdmin: true });
    const again = await runAdminCommand(pool, { command: 'grant-role', email, role: 'admin' });
    expect(again).toBe(`${email} was already admin; nothing changed.`);

    const usage = await runCli(['grant-role', email]);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('Missing <role>.');
    expect(usage.stderr).toContain('npm run admin -- grant-credits <email> <amount> [days]');
  });

  it('grant-credits adds an adjustment grant through the ledger and prints the balance', async () => {
    const { client, email } = await signUpAndVerify(app.url);
    const now = new Date();
    expect(await runAdminCommand(pool, { command: 'grant-credits', email, amount: 30, days: 7 }, now)).toBe(
      `Granted 30 credits to ${email} (expiring ${new Date(now.getTime() + 7 * 86_400_000).toISOString()}). Balance: 30.`,
    );
    expect(await runAdminCommand(pool, { command: 'grant-credits', email, amount: 5, days: undefined })).toBe(
      `Granted 5 credits to ${email} (never expiring). Balance: 35.`,
    );
    const credits = await client.json<{ balance: number; grants: { source: string }[] }>('/api/credits');
    expect(credits.body.balance).toBe(35);
    expect(credits.body.grants.map((grant) => grant.source)).toEqual(['adjustment', 'adjustment']);
    const refs = await pool.query<{ source_ref: string }>(
      `SELECT g.source_ref FROM credit_grants g JOIN "user" u ON u.id = g.user_id WHERE u.email = $1`,
      [email],
    );
    for (const row of refs.rows) expect(row.source_ref).toMatch(/^cli:[0-9a-f-]{36}$/);
  });

  it('says so when no account has the e-mail', async () => {
    const unknown = newEmail('nobody');
    await expect(
      runAdminCommand(pool, { command: 'grant-role', email: unknown, role: 'admin' }),
    ).rejects.toThrow(new CommandError(`No account with the e-mail ${unknown}.`));
  });
});
