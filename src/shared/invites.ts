import { z } from 'zod';

/** Invite a friend's shapes (ADR 0040), shared by the route, the profile card and OpenAPI. */

/**
 * pending: signed up, no paid purchase yet; waiting: bought, the reward comes when the purchase can no longer be
 * withdrawn (`rewardAt`, ADR 0046); rewarded: both got their credits; reversed: that purchase was refunded after;
 * not_counted: no reward, for `reason`.
 */
const INVITE_STATES = ['pending', 'waiting', 'rewarded', 'reversed', 'not_counted'] as const;

/**
 * Why an invite did not count (ADR 0046): its purchase was refunded or disputed before the reward was due; it came
 * from the device, network (IPv4 /24, IPv6 /64) or card of the inviter or of an invitee already rewarded; or the
 * inviter's total of rewarded invites was reached.
 */
export const INVITE_NOT_COUNTED_REASONS = [
  'refunded',
  'same_device',
  'same_address',
  'same_payment',
  'limit',
] as const;

/** The code in `/convite/{code}`: lower-case letters and digits without look-alikes. */
export const INVITE_CODE_PATTERN = /^[a-hj-km-np-z2-9]{10}$/;

/** Carries an invite from the link (or `?convite=` on sign-up) to the sign-up request. */
export const INVITE_COOKIE = 'cena_convite';
export const INVITE_COOKIE_MAX_AGE_SECONDS = 30 * 24 * 3600;

/**
 * `GET /api/invites/{code}` (public): who invites, by first name only (never the e-mail), and the bonus the invitee
 * gets from the catalogue — what the sign-up page shows to someone arriving by an invite link.
 */
export const invitePreviewSchema = z.object({
  inviterName: z.string(),
  /** The invitee's credits on their first paid purchase (INVITE_INVITEE_CREDITS). */
  bonusCredits: z.int(),
  /** The free first video's credits every confirmed account gets (TRIAL_CREDITS). */
  trialCredits: z.int(),
});

export const inviteSchema = z.object({
  /** The invited person's first name; null once their account is deleted. */
  name: z.string().nullable(),
  state: z.enum(INVITE_STATES),
  /** Credits the inviter earned from this invite (0 until rewarded, and after a reversal). */
  credits: z.int(),
  joinedAt: z.iso.datetime(),
  /** When a waiting reward is due (the purchase's withdrawal window closes); null in any other state. */
  rewardAt: z.iso.datetime().nullable(),
  reason: z.enum(INVITE_NOT_COUNTED_REASONS).nullable(),
});
export type Invite = z.infer<typeof inviteSchema>;

/** `GET /api/invites`. */
export const invitesResponseSchema = z.object({
  code: z.string(),
  url: z.url(),
  invites: z.array(inviteSchema),
});
export type InvitesResponse = z.infer<typeof invitesResponseSchema>;
