import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { clawback } from '#server/credits/ledger-claims.server';
import { grant } from '#server/credits/ledger-grants.server';
import { newEmail, signUpAndVerify } from '../support/accounts';
import type { TestApp } from '../support/app';
import {
  collectPageErrors,
  describeBrowser,
  signInWithSession,
  startAppAndBrowser,
  waitForText,
} from '../support/browser';
import { runToEnd } from '../support/child-process';
import { testPool } from '../support/database';
import type { SessionClient } from '../support/session-client';

/**
 * The admin panel (docs/admin-contract.md), as an operator lives it (375 px, the mobile layout). A business is seeded straight into
 * SQL — accounts of different ages, subscriptions in every status, invoice and package payments with refunds,
 * checkouts (paid and open), credit grants through the ledger (plan, package, adjustment, a refund-source grant,
 * clawbacks for the refunds), video requests with failures inside and outside the last 24 h, and one credit history
 * row that disagrees with its grant. Every expected figure is computed here, in plain JS from the seed arrays, by
 * the contract's definitions (docs/admin-contract.md) — never by calling server code. The admin is made with the
 * real CLI (`npm run admin -- grant-role`); a plain user is denied; each action shows its toast; a credit grant from
 * the user search shows up in the balance and in the stats.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const ZONE = 'America/Sao_Paulo';
const ADMIN_PATH = '/admin-x7k9m2';

let app: TestApp;
let browser: Browser;
let pool: pg.Pool;
const now = Date.now();
const ago = (ms: number) => new Date(now - ms);

// ---------------------------------------------------------------------------------------------------------------
// The seed

type Key = 'ana' | 'bruno' | 'carla' | 'davi' | 'eva';
const ids: Record<Key, string> = {
  ana: `seed-ana-${randomUUID()}`,
  bruno: `seed-bruno-${randomUUID()}`,
  carla: `seed-carla-${randomUUID()}`,
  davi: `seed-davi-${randomUUID()}`,
  eva: `seed-eva-${randomUUID()}`,
};

const seedUsers: { key: Key; email: string; createdAt: Date }[] = [
  { key: 'ana', email: 'ana.seed@example.com', createdAt: ago(3 * DAY) },
  { key: 'bruno', email: 'bruno.seed@example.com', createdAt: ago(12 * DAY) },
  { key: 'carla', email: 'carla.seed@example.com', createdAt: ago(45 * DAY) },
  { key: 'davi', email: 'davi.seed@example.com', createdAt: ago(200 * DAY) },
  { key: 'eva', email: 'eva.seed@example.com', createdAt: ago(1 * DAY) },
];

const seedSubscriptions: {
  key: Key;
  planId: string;
  status: 'active' | 'trialing' | 'canceled' | 'past_due';
}[] = [
  { key: 'ana', planId: 'creator', status: 'active' },
  { key: 'bruno', planId: 'creator', status: 'trialing' },
  { key: 'carla', planId: 'pro', status: 'active' },
  { key: 'davi', planId: 'starter', status: 'canceled' },
  { key: 'eva', planId: 'studio', status: 'past_due' },
];

const seedCheckouts: {
  id: string;
  key: Key;
  packageId: string;
  cents: number;
  status: 'paid' | 'open';
  createdAt: Date;
}[] = [
  {
    id: 'cs_seed_eva_1',
    key: 'eva',
    packageId: 'medium',
    cents: 35990,
    status: 'paid',
    createdAt: ago(2 * DAY),
  },
  {
    id: 'cs_seed_ana_1',
    key: 'ana',
    packageId: 'small',
    cents: 10990,
    status: 'paid',
    createdAt: ago(8 * DAY),
  },
  {
    id: 'cs_seed_ana_2',
    key: 'ana',
    packageId: 'medium',
    cents: 35990,
    status: 'paid',
    createdAt: ago(1 * DAY),
  },
  {
    id: 'cs_seed_bruno_2',
    key: 'bruno',
    packageId: 'medium',
    cents: 35990,
    status: 'paid',
    createdAt: ago(20 * DAY),
  },
  {
    id: 'cs_seed_carla_1',
    key: 'carla',
    packageId: 'small',
    cents: 10990,
    status: 'paid',
    createdAt: ago(35 * DAY),
  },
  {
    id: 'cs_seed_bruno_open',
    key: 'bruno',
    packageId: 'xlarge',
    cents: 119990,
    status: 'open',
    createdAt: ago(1 * HOUR),
  },
];

interface SeedTransaction {
  key: Key;
  type: 'payment' | 'credit';
  amount: number;
  ref: string;
  /** Set for subscription invoices (and their refunds): what tells subscription revenue from package revenue. */
  invoice: string | null;
  createdAt: Date;
}

const seedTransactions: SeedTransaction[] = [
  // Subscription invoices and the credits they granted.
  {
    key: 'ana',
    type: 'payment',
    amount: 31990,
    ref: 'in_seed_ana',
    invoice: 'in_seed_ana',
    createdAt: ago(10 * DAY),
  },
  {
    key: 'ana',
    type: 'credit',
    amount: 350,
    ref: 'in_seed_ana',
    invoice: 'in_seed_ana',
    createdAt: ago(10 * DAY),
  },
  {
    key: 'bruno',
    type: 'payment',
    amount: 31990,
    ref: 'in_seed_bruno',
    invoice: 'in_seed_bruno',
    createdAt: ago(5 * DAY),
  },
  {
    key: 'bruno',
    type: 'credit',
    amount: 350,
    ref: 'in_seed_bruno',
    invoice: 'in_seed_bruno',
    createdAt: ago(5 * DAY),
  },
  {
    key: 'carla',
    type: 'payment',
    amount: 59990,
    ref: 'in_seed_carla',
    invoice: 'in_seed_carla',
    createdAt: ago(40 * DAY),
  },
  {
    key: 'carla',
    type: 'credit',
    amount: 700,
    ref: 'in_seed_carla',
    invoice: 'in_seed_carla',
    createdAt: ago(40 * DAY),
  },
  {
    key: 'davi',
    type: 'payment',
    amount: 9990,
    ref: 'in_seed_davi',
    invoice: 'in_seed_davi',
    createdAt: ago(150 * DAY),
  },
  {
    key: 'davi',
    type: 'credit',
    amount: 100,
    ref: 'in_seed_davi',
    invoice: 'in_seed_davi',
    createdAt: ago(150 * DAY),
  },
  // Davi's invoice was refunded in full: his payments net to zero, so he is not a paying user.
  {
    key: 'davi',
    type: 'payment',
    amount: -9990,
    ref: 'refund:re_seed_davi',
    invoice: 'in_seed_davi',
    createdAt: ago(140 * DAY),
  },
  {
    key: 'davi',
    type: 'credit',
    amount: -100,
    ref: 'refund:re_seed_davi',
    invoice: null,
    createdAt: ago(140 * DAY),
  },
  // Package payments (no invoice) and their credits.
  {
    key: 'eva',
    type: 'payment',
    amount: 35990,
    ref: 'cs_seed_eva_1',
    invoice: null,
    createdAt: ago(2 * DAY),
  },
  // The wrong row: Eva's package granted 350 credits, her history says 530. The fix posts one correction.
  { key: 'eva', type: 'credit', amount: 530, ref: 'cs_seed_eva_1', invoice: null, createdAt: ago(2 * DAY) },
  {
    key: 'ana',
    type: 'payment',
    amount: 10990,
    ref: 'cs_seed_ana_1',
    invoice: null,
    createdAt: ago(8 * DAY),
  },
  { key: 'ana', type: 'credit', amount: 100, ref: 'cs_seed_ana_1', invoice: null, createdAt: ago(8 * DAY) },
  {
    key: 'ana',
    type: 'payment',
    amount: 35990,
    ref: 'cs_seed_ana_2',
    invoice: null,
    createdAt: ago(1 * DAY),
  },
  { key: 'ana', type: 'credit', amount: 350, ref: 'cs_seed_ana_2', invoice: null, createdAt: ago(1 * DAY) },
  {
    key: 'bruno',
    type: 'payment',
    amount: 35990,
    ref: 'cs_seed_bruno_2',
    invoice: null,
    createdAt: ago(20 * DAY),
  },
  {
    key: 'bruno',
    type: 'credit',
    amount: 350,
    ref: 'cs_seed_bruno_2',
    invoice: null,
    createdAt: ago(20 * DAY),
  },
  {
    key: 'carla',
    type: 'payment',
    amount: 10990,
    ref: 'cs_seed_carla_1',
    invoice: null,
    createdAt: ago(35 * DAY),
  },
  {
    key: 'carla',
    type: 'credit',
    amount: 100,
    ref: 'cs_seed_carla_1',
    invoice: null,
    createdAt: ago(35 * DAY),
  },
  // Carla's package was refunded (her subscription still pays).
  {
    key: 'carla',
    type: 'payment',
    amount: -10990,
    ref: 'refund:re_seed_carla',
    invoice: null,
    createdAt: ago(34 * DAY),
  },
  {
    key: 'carla',
    type: 'credit',
    amount: -100,
    ref: 'refund:re_seed_carla',
    invoice: null,
    createdAt: ago(34 * DAY),
  },
];

const seedGrants: {
  key: Key;
  amount: number;
  source: 'plan' | 'package' | 'adjustment' | 'refund';
  ref: string;
  createdAt: Date;
  planType?: string;
}[] = [
  {
    key: 'ana',
    amount: 350,
    source: 'plan',
    ref: 'in_seed_ana',
    createdAt: ago(10 * DAY),
    planType: 'creator',
  },
  {
    key: 'bruno',
    amount: 350,
    source: 'plan',
    ref: 'in_seed_bruno',
    createdAt: ago(5 * DAY),
    planType: 'creator',
  },
  {
    key: 'carla',
    amount: 700,
    source: 'plan',
    ref: 'in_seed_carla',
    createdAt: ago(40 * DAY),
    planType: 'pro',
  },
  {
    key: 'davi',
    amount: 100,
    source: 'plan',
    ref: 'in_seed_davi',
    createdAt: ago(150 * DAY),
    planType: 'starter',
  },
  { key: 'eva', amount: 350, source: 'package', ref: 'cs_seed_eva_1', createdAt: ago(2 * DAY) },
  { key: 'ana', amount: 100, source: 'package', ref: 'cs_seed_ana_1', createdAt: ago(8 * DAY) },
  { key: 'ana', amount: 350, source: 'package', ref: 'cs_seed_ana_2', createdAt: ago(1 * DAY) },
  { key: 'bruno', amount: 350, source: 'package', ref: 'cs_seed_bruno_2', createdAt: ago(20 * DAY) },
  { key: 'carla', amount: 100, source: 'package', ref: 'cs_seed_carla_1', createdAt: ago(35 * DAY) },
  { key: 'ana', amount: 25, source: 'adjustment', ref: 'admin:seed-goodwill', createdAt: ago(6 * DAY) },
  // Refund-source credits give back what was spent: not "issued".
  { key: 'bruno', amount: 15, source: 'refund', ref: 'seed-refund-bruno', createdAt: ago(4 * DAY) },
];

const seedClawbacks: { key: Key; source: 'plan' | 'package'; ref: string; reference: string; at: Date }[] = [
  { key: 'davi', source: 'plan', ref: 'in_seed_davi', reference: 'refund:re_seed_davi', at: ago(140 * DAY) },
  {
    key: 'carla',
    source: 'package',
    ref: 'cs_seed_carla_1',
    reference: 'refund:re_seed_carla',
    at: ago(34 * DAY),
  },
];

const UNKNOWN_OUTCOME_PROMPT = 'Robô pintando um quadro';
const LONG_FAILED_PROMPT =
  'Uma baleia jubarte saltando ao pôr do sol perto de um veleiro, câmera lenta e respingos dourados';

const seedVideos: {
  key: Key;
  prompt: string;
  quality: 'fast' | 'quality';
  status: 'completed' | 'failed' | 'processing';
  createdAt: Date;
  /** For failures: when it failed (updated_at). */
  failedAt?: Date;
  errorMessage?: string;
}[] = [
  {
    key: 'ana',
    prompt: 'Ondas quebrando no farol',
    quality: 'fast',
    status: 'completed',
    createdAt: ago(2 * DAY),
  },
  {
    key: 'ana',
    prompt: 'Cidade à noite com neon',
    quality: 'fast',
    status: 'completed',
    createdAt: ago(5 * DAY),
  },
  {
    key: 'ana',
    prompt: 'Gato dormindo na janela',
    quality: 'fast',
    status: 'completed',
    createdAt: ago(20 * DAY),
  },
  {
    key: 'ana',
    prompt: UNKNOWN_OUTCOME_PROMPT,
    quality: 'quality',
    status: 'failed',
    createdAt: ago(3 * HOUR),
    failedAt: ago(2 * HOUR),
    errorMessage: 'Tempo esgotado no provedor de vídeo.',
  },
  {
    key: 'bruno',
    prompt: 'Floresta com neblina',
    quality: 'quality',
    status: 'completed',
    createdAt: ago(4 * DAY),
  },
  {
    key: 'bruno',
    prompt: LONG_FAILED_PROMPT,
    quality: 'fast',
    status: 'failed',
    createdAt: ago(6 * HOUR),
    failedAt: ago(5 * HOUR),
    errorMessage: 'O modelo recusou o prompt.',
  },
  {
    key: 'eva',
    prompt: 'Falhou há três dias: fora da lista',
    quality: 'quality',
    status: 'failed',
    createdAt: ago(3 * DAY),
    failedAt: ago(3 * DAY),
    errorMessage: 'Erro antigo.',
  },
  {
    key: 'eva',
    prompt: 'Balões sobre o deserto',
    quality: 'quality',
    status: 'processing',
    createdAt: ago(1 * DAY),
  },
  {
    key: 'carla',
    prompt: 'Montanhas em timelapse',
    quality: 'fast',
    status: 'completed',
    createdAt: ago(60 * DAY),
  },
];

async function seed(): Promise<void> {
  for (const user of seedUsers) {
    await pool.query(
      `INSERT INTO "user" (id, name, email, email_verified, created_at, updated_at)
       VALUES ($1, $2, $3, true, $4, $4)`,
      [ids[user.key], `Seed ${user.key}`, user.email, user.createdAt],
    );
  }
  for (const sub of seedSubscriptions) {
    await pool.query(
      `INSERT INTO subscriptions
         (user_id, provider, provider_subscription_id, plan_id, billing_period, status, current_period_start,
          current_period_end)
       VALUES ($1, 'local', $2, $3, 'monthly', $4, $5, $6)`,
      [ids[sub.key], `sub_seed_${sub.key}`, sub.planId, sub.status, ago(10 * DAY), new Date(now + 20 * DAY)],
    );
  }
  for (const checkout of seedCheckouts) {
    await pool.query(
      `INSERT INTO checkout_sessions (id, user_id, provider, kind, package_id, amount_cents, status, created_at)
       VALUES ($1, $2, 'local', 'package', $3, $4, $5, $6)`,
      [
        checkout.id,
        ids[checkout.key],
        checkout.packageId,
        checkout.cents,
        checkout.status,
        checkout.createdAt,
      ],
    );
  }
  for (const row of seedGrants) {
    await grant(
      pool,
      {
        userId: ids[row.key],
        amount: row.amount,
        source: row.source,
        sourceRef: row.ref,
        expiresAt: new Date(row.createdAt.getTime() + 30 * DAY),
        ...(row.planType ? { planType: row.planType } : {}),
      },
      row.createdAt,
    );
  }
  for (const row of seedClawbacks) {
    await clawback(
      pool,
      { userId: ids[row.key], source: row.source, sourceRef: row.ref, reference: row.reference },
      row.at,
    );
  }
  for (const row of seedTransactions) {
    await pool.query(
      `INSERT INTO transactions (user_id, type, amount, description, provider_ref, stripe_invoice_id, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [
        ids[row.key],
        row.type,
        row.amount,
        `Seed ${row.type} ${row.ref}`,
        row.ref,
        row.invoice,
        row.createdAt,
      ],
    );
  }
  for (const video of seedVideos) {
    await pool.query(
      `INSERT INTO video_requests
         (id, user_id, client_key, prompt, quality, aspect_ratio, credits_used, status, error_message, created_at,
          updated_at, completed_at, dispatched_at, provider_project, model, create_sent_at,
          provider_outcome_unknown_at)
       VALUES (gen_random_uuid(), $1, gen_random_uuid(), $2, $3, '16:9', $4, $5, $6, $7, $8,
               CASE WHEN $5 IN ('completed', 'failed') THEN $8::timestamptz END, $7,
               -- Ana's failure was refunded without knowing whether Google accepted the create (ADR 0015).
               CASE WHEN $2 = $9 THEN 'default' END, CASE WHEN $2 = $9 THEN 'gemini-omni-1.1-flash' END,
               CASE WHEN $2 = $9 THEN $7::timestamptz END, CASE WHEN $2 = $9 THEN $8::timestamptz END)`,
      [
        ids[video.key],
        video.prompt,
        video.quality,
        video.quality === 'fast' ? 10 : 25,
        video.status,
        video.errorMessage ?? null,
        video.createdAt,
        video.failedAt ?? video.createdAt,
        UNKNOWN_OUTCOME_PROMPT,
      ],
    );
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Expected figures, by the contract's definitions, in plain JS

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

/** The id counted most often (the seed avoids ties). */
function top(values: string[]): string | null {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  let best: string | null = null;
  for (const [value, count] of counts) if (best === null || count > (counts.get(best) ?? 0)) best = value;
  return best;
}

/** `extraUsers`: accounts made through sign-up during the test (created now). */
function expectedStats(extraUsers: number) {
  const payments = seedTransactions.filter((row) => row.type === 'payment');
  const netByUser = new Map<Key, number>();
  for (const row of payments) netByUser.set(row.key, (netByUser.get(row.key) ?? 0) + row.amount);
  const totalUsers = seedUsers.length + extraUsers;
  const payingUsers = [...netByUser.values()].filter((net) => net > 0).length;
  const subscriptionRevenue = sum(payments.filter((row) => row.invoice !== null).map((row) => row.amount));
  const creditPackageRevenue = sum(payments.filter((row) => row.invoice === null).map((row) => row.amount));
  const active = seedSubscriptions.filter((sub) => sub.status === 'active' || sub.status === 'trialing');
  const paidPackages = seedCheckouts.filter((checkout) => checkout.status === 'paid');
  return {
    totalUsers,
    payingUsers,
    conversionRate: totalUsers === 0 ? 0 : Math.round((payingUsers / totalUsers) * 1000) / 10,
    totalRevenue: subscriptionRevenue + creditPackageRevenue,
    subscriptionRevenue,
    creditPackageRevenue,
    totalCreditsIssued: sum(seedGrants.filter((row) => row.source !== 'refund').map((row) => row.amount)),
    totalVideoRequests: seedVideos.length,
    mostPopularPlan: top(active.map((sub) => sub.planId)),
    mostUsedQuality: top(seedVideos.map((video) => video.quality)),
    recentSignups: seedUsers.filter((user) => now - user.createdAt.getTime() < 30 * DAY).length + extraUsers,
    activeSubscriptions: active.length,
    creditPackagesSold: paidPackages.length,
    topCreditPackage: top(paidPackages.map((checkout) => checkout.packageId)),
  };
}

/** 'R$ 1.234,56' written out by hand (thousands with '.', decimals with ','). */
function brl(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const whole = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${sign}R$ ${whole},${String(abs % 100).padStart(2, '0')}`;
}

function percent(rate: number): string {
  return rate === 0 ? '0%' : `${rate.toFixed(1).replace('.', ',')}%`;
}

function saoPauloDateTime(date: Date): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: ZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.day}/${parts.month}/${parts.year} ${parts.hour}:${parts.minute}`;
}

// The names the cards show for the catalogue ids the seed makes win.
const PLAN_NAMES: Record<string, string> = {
  starter: 'Starter',
  creator: 'Creator',
  pro: 'Pro',
  studio: 'Studio',
};
const PACKAGE_NAMES: Record<string, string> = {
  small: 'Pacote Inicial',
  medium: 'Pacote Criador',
  large: 'Pacote Profissional',
  xlarge: 'Pacote Estúdio',
};
const QUALITY_NAMES: Record<string, string> = { fast: 'Fast', quality: 'Quality' };

// ---------------------------------------------------------------------------------------------------------------
// Browser helpers

function runAdminCli(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const { LOG_LEVEL: _unset, ...env } = process.env;
  return runToEnd('npm', ['run', '--silent', 'admin', '--', ...args], {
    ...env,
    DATABASE_URL: app.databaseUrl,
  });
}

const statValue = (page: Page, key: string) => page.getByTestId(`stat-${key}`).getAttribute('data-value');
const statText = (page: Page, key: string) => page.getByTestId(`stat-${key}-text`).textContent();

async function noHorizontalScroll(page: Page): Promise<void> {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(375);
}

async function expectCards(page: Page, extraUsers: number): Promise<void> {
  const expected = expectedStats(extraUsers);
  await expect
    .poll(() => statValue(page, 'totalUsers'), { timeout: 15_000 })
    .toBe(String(expected.totalUsers));
  for (const [key, value] of Object.entries(expected)) {
    expect(await statValue(page, key), key).toBe(value === null ? 'none' : String(value));
  }
  expect(await statText(page, 'totalUsers')).toBe(String(expected.totalUsers));
  expect(await statText(page, 'conversionRate')).toBe(percent(expected.conversionRate));
  expect(await statText(page, 'totalRevenue')).toBe(brl(expected.totalRevenue));
  expect(await statText(page, 'subscriptionRevenue')).toBe(brl(expected.subscriptionRevenue));
  expect(await statText(page, 'creditPackageRevenue')).toBe(brl(expected.creditPackageRevenue));
  expect(await statText(page, 'mostPopularPlan')).toBe(PLAN_NAMES[expected.mostPopularPlan ?? '']);
  expect(await statText(page, 'topCreditPackage')).toBe(PACKAGE_NAMES[expected.topCreditPackage ?? '']);
  expect(await statText(page, 'mostUsedQuality')).toBe(QUALITY_NAMES[expected.mostUsedQuality ?? '']);
  expect(await statText(page, 'totalCreditsIssued')).toBe(
    String(expected.totalCreditsIssued).replace(/\B(?=(\d{3})+(?!\d))/g, '.'),
  );
  expect(await page.getByTestId('stat-recentSignups').textContent()).toContain('Novos usuários (30 dias)');
  const generatedAt = page.getByTestId('stats-generated-at');
  const iso = await generatedAt.getAttribute('datetime');
  expect(await generatedAt.textContent()).toBe(`Atualizado em ${saoPauloDateTime(new Date(iso ?? ''))}`);
}

// ---------------------------------------------------------------------------------------------------------------

let adminEmail = '';
let plainEmail = '';
let admin: SessionClient;
let plain: SessionClient;

describeBrowser('admin panel in a browser', () => {
  beforeAll(async () => {
    ({ app, browser } = await startAppAndBrowser());
    pool = testPool({ connectionString: app.databaseUrl, max: 2 });
    await seed();
    ({ email: adminEmail, client: admin } = await signUpAndVerify(app.url, {
      email: newEmail('chefe'),
      name: 'Chefe Admin',
    }));
    ({ email: plainEmail, client: plain } = await signUpAndVerify(app.url, {
      email: newEmail('plain'),
      name: 'Paula Comum',
    }));
    const cli = await runAdminCli(['grant-role', adminEmail, 'admin']);
    expect(cli.code, cli.stderr).toBe(0);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await pool?.end();
    await app?.stop();
  });

  it('denies a signed-in user without the admin role, on the page and on the API', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.setViewportSize({ width: 375, height: 812 });
    await signInWithSession(page, app.url, plain);
    await page.goto(`${app.url}${ADMIN_PATH}`);
    const denied = page.getByTestId('admin-denied');
    await denied.waitFor({ timeout: 10_000 });
    expect(await denied.textContent()).toContain('Acesso negado. Você não tem permissões de administrador.');
    expect(await page.getByTestId('admin-panel').count()).toBe(0);
    const status = await page.evaluate(async () => (await fetch('/api/admin/stats')).status);
    expect(status).toBe(403);
    await context.close();
  });

  it('shows the seeded figures, runs every action with its toast, and grants credits from the user search', async () => {
    const context: BrowserContext = await browser.newContext();
    const page = await context.newPage();
    await page.setViewportSize({ width: 375, height: 812 });
    const errors = collectPageErrors(page);
    await signInWithSession(page, app.url, admin);
    await page.goto(`${app.url}${ADMIN_PATH}`);
    await page.getByTestId('admin-panel').waitFor({ timeout: 10_000 });
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Painel Administrativo');

    // The cards: the admin and the plain user signed up just now.
    let extraUsers = 2;
    await expectCards(page, extraUsers);
    expect(await statValue(page, 'conversionRate')).not.toBe('0');

    // The daily series over the last 30 São Paulo days (the seed keeps clear of the window's edges).
    const inWindow = (date: Date) => now - date.getTime() < 25 * DAY;
    const expectedDaily = {
      signups: seedUsers.filter((user) => inWindow(user.createdAt)).length + extraUsers,
      revenue: sum(
        seedTransactions.filter((r) => r.type === 'payment' && inWindow(r.createdAt)).map((r) => r.amount),
      ),
      videos: seedVideos.filter((video) => inWindow(video.createdAt)).length,
    };
    for (const [metric, total] of Object.entries(expectedDaily)) {
      await expect
        .poll(() => page.getByTestId(`daily-${metric}`).getAttribute('data-total'), { timeout: 10_000 })
        .toBe(String(total));
    }
    expect(await page.getByTestId('daily-revenue-total').textContent()).toBe(
      `Total: ${brl(expectedDaily.revenue)}`,
    );
    const chartLabel = await page
      .getByTestId('daily-videos')
      .locator('svg[role="img"]')
      .getAttribute('aria-label');
    expect(chartLabel).toMatch(
      /^Vídeos por dia de \d{2}\/\d{2} a \d{2}\/\d{2}: total 8, máximo \d+ em \d{2}\/\d{2}\.$/,
    );
    expect(await page.getByTestId('daily-signups').locator('table tbody tr').count()).toBe(30);

    // Failures of the last 24 h, newest first; the one of three days ago is left out.
    const recentFailures = seedVideos
      .filter((video) => video.status === 'failed' && video.failedAt && now - video.failedAt.getTime() < DAY)
      .sort((a, b) => (b.failedAt?.getTime() ?? 0) - (a.failedAt?.getTime() ?? 0));
    await expect
      .poll(() => page.getByTestId('failed-item').count(), { timeout: 10_000 })
      .toBe(recentFailures.length);
    const emailOf = (key: Key) => seedUsers.find((user) => user.key === key)?.email;
    expect(await page.getByTestId('failed-email').allTextContents()).toEqual(
      recentFailures.map((video) => emailOf(video.key)),
    );
    expect(await page.getByTestId('failed-error').allTextContents()).toEqual(
      recentFailures.map((video) => `Erro: ${video.errorMessage}`),
    );
    expect(await page.getByTestId('failed-quality').allTextContents()).toEqual(
      recentFailures.map((video) => QUALITY_NAMES[video.quality]),
    );
    expect(await page.getByTestId('failed-prompt').allTextContents()).toEqual(
      recentFailures.map((video) =>
        video.prompt.length > 50 ? `${Array.from(video.prompt).slice(0, 50).join('')}…` : video.prompt,
      ),
    );
    expect(await page.getByTestId('failed-time').first().textContent()).toBe(
      saoPauloDateTime(recentFailures[0]?.failedAt ?? new Date()),
    );
    // The refund whose provider outcome is unknown, with where to look it up.
    expect(await page.getByTestId('unknown-outcome-email').allTextContents()).toEqual([emailOf('ana')]);
    expect(await page.getByTestId('unknown-outcome-prompt').allTextContents()).toEqual([
      UNKNOWN_OUTCOME_PROMPT,
    ]);
    expect(await page.getByTestId('unknown-outcome-where').textContent()).toMatch(
      /^Onde conferir: Projeto default · modelo gemini-omni-1\.1-flash · enviado em \d{2}\/\d{2}\/\d{4}/,
    );
    await noHorizontalScroll(page);

    // Refresh: a new account appears in the figures without a reload.
    await pool.query(`INSERT INTO "user" (id, name, email) VALUES ($1, 'Novo', 'novo.seed@example.com')`, [
      `seed-new-${randomUUID()}`,
    ]);
    extraUsers += 1;
    await page.getByTestId('admin-refresh').click();
    await waitForText(page, 'Estatísticas atualizadas');
    await expectCards(page, extraUsers);

    // Reconcile (the admin's own account; the local provider has nothing to sync).
    const reconcile = page.getByTestId('admin-reconcile');
    expect(await reconcile.isEnabled()).toBe(true);
    await reconcile.click();
    await waitForText(page, 'Reconciliação concluída');
    await waitForText(page, 'Upgrades e transações sincronizados.');

    // Environment: what the test app runs on, with the time of the check.
    await page.getByTestId('admin-environment').click();
    await waitForText(page, 'Ambiente verificado');
    const environment = page.getByTestId('environment-result');
    await environment.waitFor();
    expect(await page.getByTestId('environment-stripe').getAttribute('data-ok')).toBe('false');
    expect(await page.getByTestId('environment-stripe').textContent()).toContain('Não');
    expect(await page.getByTestId('environment-database').getAttribute('data-ok')).toBe('true');
    expect(await page.getByTestId('environment-database').textContent()).toContain('externo');
    expect(await page.getByTestId('environment-payment').textContent()).toContain('local');
    expect(await page.getByTestId('environment-timestamp').textContent()).toMatch(
      /^Verificado em \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/,
    );

    // Fix: Eva's wrong credit row is the one correction; everything else agrees. Processed: every history row and
    // every grant (contract: "audits every history transaction … and every grant").
    const processed = seedTransactions.length + seedGrants.length;
    await page.getByTestId('admin-fix').click();
    await waitForText(page, `1 transações corrigidas de ${processed} processadas.`);
    expect(await page.getByTestId('fix-summary').textContent()).toBe(
      `1 transações corrigidas de ${processed} processadas.`,
    );
    expect(await page.getByTestId('fix-error').count()).toBe(0);
    const corrected = await pool.query<{ effective: string }>(
      `SELECT sum(amount) AS effective FROM transactions WHERE provider_ref = 'cs_seed_eva_1' AND type = 'credit'
          OR corrects_id = (SELECT id FROM transactions WHERE provider_ref = 'cs_seed_eva_1' AND type = 'credit')`,
    );
    expect(Number(corrected.rows[0]?.effective)).toBe(350);
    // Running it again fixes nothing.
    await page.getByTestId('admin-fix').click();
    await waitForText(page, `0 transações corrigidas de ${processed} processadas.`);
    // Revenue is untouched by a credit correction.
    await page.getByTestId('admin-refresh').click();
    await expectCards(page, extraUsers);

    // User search → detail → grant credits → the balance and the stats move.
    // One letter asks the server nothing (searches start at two characters): every search request is recorded,
    // so one sent for "p" at any time before the real search's answer fails here, however slow the page.
    const searched: string[] = [];
    page.on('request', (request) => {
      const asked = new URL(request.url());
      if (asked.pathname === '/api/admin/users') searched.push(asked.searchParams.get('email') ?? '');
    });
    const search = page.getByTestId('user-search-input');
    await search.fill('p');
    await page.waitForTimeout(500);
    expect(await page.getByTestId('user-search-result').count()).toBe(0);
    await search.fill(plainEmail.slice(0, 7));
    const result = page.getByTestId('user-search-result');
    await expect.poll(() => result.count(), { timeout: 10_000 }).toBe(1);
    expect(new Set(searched)).toEqual(new Set([plainEmail.slice(0, 7)]));
    expect(await result.getAttribute('data-email')).toBe(plainEmail);
    // Keyboard: the result is a button reached and pressed from the keyboard.
    await result.focus();
    await page.keyboard.press('Enter');
    expect(await result.getAttribute('aria-pressed')).toBe('true');
    const detail = page.getByTestId('user-detail');
    await expect
      .poll(() => page.getByTestId('user-detail-email').textContent(), { timeout: 10_000 })
      .toBe(plainEmail);
    expect(await page.getByTestId('user-balance').getAttribute('data-value')).toBe('0');
    expect(await page.getByTestId('user-subscription').textContent()).toContain('Sem assinatura');

    await page.getByTestId('grant-open').click();
    const dialog = page.getByTestId('grant-dialog');
    await dialog.waitFor();
    // Client-side validation with the shared schema: nothing is sent.
    await page.getByTestId('grant-submit').click();
    await dialog.getByText('Informe a quantidade de créditos.').waitFor();
    await dialog.getByText('Descreva o motivo (pelo menos 3 caracteres).').waitFor();
    await page.getByTestId('grant-amount').fill('50');
    await page.getByTestId('grant-reason').fill('Compensação por falha na geração');
    await page.getByTestId('grant-days').fill('30');
    // A double click grants once (one idempotency key per open dialog; the button locks while it runs).
    await page.getByTestId('grant-submit').dblclick();
    await waitForText(page, 'Créditos concedidos');
    await dialog.waitFor({ state: 'detached' });
    await expect
      .poll(() => page.getByTestId('user-balance').getAttribute('data-value'), { timeout: 10_000 })
      .toBe('50');
    expect(await detail.getByTestId('user-grant-reason').allTextContents()).toContain(
      'Compensação por falha na geração',
    );
    const grants = await pool.query<{ n: string }>(
      `SELECT count(*) AS n FROM credit_grants g JOIN "user" u ON u.id = g.user_id WHERE u.email = $1`,
      [plainEmail],
    );
    expect(Number(grants.rows[0]?.n)).toBe(1);
    await expect
      .poll(() => statValue(page, 'totalCreditsIssued'), { timeout: 10_000 })
      .toBe(String(expectedStats(extraUsers).totalCreditsIssued + 50));
    await noHorizontalScroll(page);

    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the load error with a retry, and reads in English', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.setViewportSize({ width: 375, height: 812 });
    await signInWithSession(page, app.url, admin);
    // The stats call fails until the retry.
    let fail = true;
    await page.route('**/api/admin/stats', (route) =>
      fail ? route.fulfill({ status: 500, body: 'boom' }) : route.fallback(),
    );
    await page.goto(`${app.url}${ADMIN_PATH}`);
    const error = page.getByTestId('stats-error');
    await error.waitFor({ timeout: 15_000 });
    expect(await error.textContent()).toContain('Erro ao carregar estatísticas administrativas');
    fail = false;
    await error.getByRole('button', { name: 'Tentar novamente' }).click();
    await expect.poll(() => statValue(page, 'totalUsers'), { timeout: 10_000 }).not.toBeNull();
    expect(await page.getByTestId('stats-error').count()).toBe(0);

    // A signed-in user reads the UI in their profile language.
    await pool.query(`UPDATE "user" SET language = 'en' WHERE email = $1`, [adminEmail]);
    await page.goto(`${app.url}${ADMIN_PATH}`);
    await page.getByTestId('admin-panel').waitFor({ timeout: 10_000 });
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Admin panel');
    await expect.poll(() => statValue(page, 'totalUsers'), { timeout: 10_000 }).not.toBeNull();
    expect(await page.getByTestId('stat-recentSignups').textContent()).toContain('New users (30 days)');
    expect(await page.getByTestId('admin-fix').textContent()).toBe('Fix transaction amounts');
    await context.close();
  });
});
