import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { z } from 'zod';
import { grantRole, ROLES, type Role } from '#server/accounts/accounts.server';
import { MAX_CREDIT_AMOUNT } from '#server/credits/credits.server';
import { grantAdjustment } from './admin-users.server';

/** The operator commands behind `npm run admin -- …`, separate from the process plumbing so tests call them. */

export const USAGE = `Usage:
  npm run admin -- grant-role <email> admin
  npm run admin -- grant-credits <email> <amount> [days]

grant-credits adds an adjustment grant of <amount> credits (1–${MAX_CREDIT_AMOUNT}) that expires in [days] days
(1–3650), or never when [days] is left out, and prints the new balance.`;

/** A mistake in the command line or its arguments: printed with the usage, exit code 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/** The command was well-formed but cannot be carried out (unknown e-mail): exit code 1. */
export class CommandError extends Error {
  override name = 'CommandError';
}

type AdminCommand =
  | { command: 'grant-role'; email: string; role: Role }
  | { command: 'grant-credits'; email: string; amount: number; days: number | undefined };

const email = z.email({ error: 'not an e-mail address' });
const wholeNumber = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/, { error: 'not a whole number' })
    .transform(Number)
    .pipe(
      z
        .number()
        .min(min, { error: `below ${min}` })
        .max(max, { error: `above ${max}` }),
    );

function parse<T>(schema: z.ZodType<T>, value: string | undefined, name: string): T {
  if (value === undefined) throw new UsageError(`Missing <${name}>.`);
  const result = schema.safeParse(value);
  if (!result.success) {
    throw new UsageError(`Invalid <${name}> "${value}": ${result.error.issues[0]?.message ?? 'invalid'}.`);
  }
  return result.data;
}

export function parseAdminArgs(args: readonly string[]): AdminCommand {
  const [command, ...rest] = args;
  switch (command) {
    case 'grant-role': {
      if (rest.length > 2) throw new UsageError('grant-role takes <email> and <role>.');
      return {
        command,
        email: parse(email, rest[0], 'email'),
        role: parse(z.enum(ROLES, { error: `the only role is ${ROLES.join(', ')}` }), rest[1], 'role'),
      };
    }
    case 'grant-credits': {
      if (rest.length > 3)
        throw new UsageError('grant-credits takes <email>, <amount> and optionally [days].');
      return {
        command,
        email: parse(email, rest[0], 'email'),
        amount: parse(wholeNumber(1, MAX_CREDIT_AMOUNT), rest[1], 'amount'),
        days: rest[2] === undefined ? undefined : parse(wholeNumber(1, 3650), rest[2], 'days'),
      };
    }
    case undefined:
      throw new UsageError('Missing command.');
    default:
      throw new UsageError(`Unknown command "${command}".`);
  }
}

async function userIdByEmail(pool: pg.Pool, address: string): Promise<string> {
  const result = await pool.query<{ id: string }>('SELECT id FROM "user" WHERE email = lower($1)', [address]);
  const id = result.rows[0]?.id;
  if (!id) throw new CommandError(`No account with the e-mail ${address}.`);
  return id;
}

/** Runs a parsed command and returns what to print. */
export async function runAdminCommand(
  pool: pg.Pool,
  command: AdminCommand,
  now: Date = new Date(),
): Promise<string> {
  const userId = await userIdByEmail(pool, command.email);
  if (command.command === 'grant-role') {
    const granted = await grantRole(pool, userId, command.role);
    return granted
      ? `${command.email} is now ${command.role}.`
      : `${command.email} was already ${command.role}; nothing changed.`;
  }
  // The same adjustment as the admin panel's: ledger grant, history row, once per key.
  const { grant: granted, balance } = await grantAdjustment(
    pool,
    userId,
    'admin-cli',
    {
      amount: command.amount,
      reason: 'Concedido pela linha de comando (npm run admin)',
      ...(command.days === undefined ? {} : { expiresInDays: command.days }),
      idempotencyKey: randomUUID(),
    },
    now,
    'cli',
  );
  const expiry = granted.expiresAt ? `expiring ${granted.expiresAt}` : 'never expiring';
  return `Granted ${command.amount} credits to ${command.email} (${expiry}). Balance: ${balance}.`;
}
