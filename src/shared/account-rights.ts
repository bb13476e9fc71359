import { z } from 'zod';
import { inviteSchema } from './invites';
import { PASSWORD_MAX_LENGTH } from './password';

/**
 * The customer's rights under the LGPD (Lei 13.709/2018, art. 18) as the API offers them: `GET /api/me/export`
 * (access and portability) and `DELETE /api/me` (deletion). Shared by the server, which validates with them, and
 * the profile's security section (docs/accounts-contract.md).
 */

/** `DELETE /api/me`: the password, and the authenticator code when two-factor is on. */
export const deleteAccountBodySchema = z.strictObject(
  {
    password: z
      .string({ error: 'Informe sua senha.' })
      .min(1, 'Informe sua senha.')
      .max(PASSWORD_MAX_LENGTH, 'Senha incorreta.'),
    code: z
      .string({ error: 'Código inválido.' })
      .trim()
      .regex(/^\d{6}$/, 'Informe o código de 6 dígitos do seu app autenticador.')
      .optional(),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `Campo não permitido: ${issue.keys.join(', ')}.`
        : 'O corpo da requisição deve ser um objeto JSON.',
  },
);
export type DeleteAccountBody = z.infer<typeof deleteAccountBodySchema>;

/**
 * `DELETE /api/me` → 200. The account is closed at once (signed out everywhere, sign-in refused, the e-mail free
 * to sign up again); `completed` says whether the rest (media, videos, anonymising payments) is already done or
 * still running in the background job.
 */
export const deleteAccountResponseSchema = z.strictObject({
  deleted: z.literal(true),
  completed: z.boolean(),
});
export type DeleteAccountResponse = z.infer<typeof deleteAccountResponseSchema>;

/** Exports allowed per user in `EXPORT_WINDOW_MINUTES` (429 with Retry-After beyond). */
export const EXPORTS_PER_WINDOW = 5;
export const EXPORT_WINDOW_MINUTES = 60;
/** How long the media links in an export work. */
export const EXPORT_LINK_TTL_SECONDS = 7 * 24 * 60 * 60;

/** cena-meus-dados-{yyyy-MM-dd}.json. */
export function exportFileName(day: string): string {
  return `cena-meus-dados-${day}.json`;
}

/** The export document's version, at its top (`format`). */
export const EXPORT_FORMAT = 'cena-meus-dados/1';

const isoTime = z.iso.datetime({ offset: true });

/**
 * The export's lists of what sharing and posting keep (LGPD art. 18, II): the account's invite code and link
 * (`inviteCode`, a list of one, empty until the profile first showed it), the invitations it is part of (`invitations`: its role
 * and the reward's state, never the other person's identity), the devices that get push notices
 * (`pushSubscriptions`: the push service's host only — the endpoint URL and its keys are capabilities, not data to
 * hand out), and each video's captions (`captions`: the cues, the WebVTT file and a link to the burned-in MP4).
 */
export const exportedInviteCodeSchema = z.strictObject({
  code: z.string(),
  url: z.url(),
  createdAt: isoTime,
});

export const exportedInvitationSchema = z.strictObject({
  role: z.enum(['inviter', 'invitee']),
  /** As the profile's invite card says it (ADR 0046), a reversal aside: that is in the ledger's entries. */
  state: inviteSchema.shape.state.exclude(['reversed']),
  reason: inviteSchema.shape.reason,
  createdAt: isoTime,
  /** When a waiting reward is due (the purchase's withdrawal window closes). */
  rewardAt: isoTime.nullable(),
  rewardedAt: isoTime.nullable(),
});

export const exportedPushSubscriptionSchema = z.strictObject({
  endpointHost: z.string().min(1),
  createdAt: isoTime,
});

/**
 * The account's API keys (ADR 0063), revoked ones too: what identifies each and how it was used — never its hash,
 * and the token was never kept.
 */
export const exportedApiKeySchema = z.strictObject({
  name: z.string(),
  prefix: z.string(),
  scopes: z.array(z.enum(['read', 'create'])),
  dailyCreditLimit: z.number().int().nullable(),
  requestCount: z.number().int().min(0),
  createdAt: isoTime,
  lastUsedAt: isoTime.nullable(),
  revokedAt: isoTime.nullable(),
  /** The key's requests per UTC hour, as kept for the admin's figures (the last two days at most). */
  hourlyRequests: z.array(z.strictObject({ hour: isoTime, requests: z.number().int().min(1) })),
  /** The MCP sessions the key opened, as kept for the admin's figures (about a day). */
  mcpSessions: z.array(z.strictObject({ startedAt: isoTime, lastSeenAt: isoTime })),
});

export const exportedCaptionsSchema = z.strictObject({
  requestId: z.uuid(),
  status: z.enum(['transcribing', 'ready', 'no_speech', 'failed']),
  transcribedBy: z.string().nullable(),
  revision: z.number().int().min(0),
  cues: z.array(z.strictObject({ start: z.number(), end: z.number(), text: z.string() })),
  files: z.strictObject({
    /** The WebVTT file's text; null while there are no cues. */
    vtt: z.string().nullable(),
    /** A signed link to the burned-in MP4 of the current cues; null when there is none. */
    burnedIn: z.url().nullable(),
  }),
  createdAt: isoTime,
  updatedAt: isoTime,
});

/**
 * The account's webhook endpoints and their deliveries (ADR 0064): the URL it typed and the log of what was sent
 * there, never the signing secret (a credential, not data about the person).
 */
export const exportedWebhookEndpointSchema = z.strictObject({
  id: z.uuid(),
  url: z.string(),
  events: z.array(z.string()),
  enabled: z.boolean(),
  failureStreak: z.number().int().min(0),
  disabledAt: isoTime.nullable(),
  createdAt: isoTime,
});

export const exportedWebhookDeliverySchema = z.strictObject({
  endpointId: z.uuid(),
  eventId: z.string(),
  type: z.string(),
  status: z.enum(['pending', 'delivered', 'failed']),
  createdAt: isoTime,
  attempts: z.array(
    z.strictObject({
      at: isoTime,
      responseCode: z.number().int().nullable(),
      durationMs: z.number().int().min(0),
      ok: z.boolean(),
      error: z.string().nullable(),
    }),
  ),
});
