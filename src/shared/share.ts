import { z } from 'zod';

/** A video's public share link (ADR 0031): `/v/{slug}`, as an absolute URL. */
export const shareLinkSchema = z.strictObject({ url: z.url() });

export const shareRevokedSchema = z.strictObject({ revoked: z.boolean() });

/** The public page's path of a slug. */
export const sharePagePath = (slug: string) => `/v/${slug}`;
