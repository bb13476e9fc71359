import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from '#server/accounts/accounts.schema.server';
import { CAST_IMAGES_MAX, CAST_IMAGES_MIN, CAST_KINDS } from '#shared/cast';

/**
 * Elenco (src/shared/cast.ts): a user's characters, products and styles. Images are storage keys, never URLs.
 * `likeness_consent_at` is when the user stated they have the portrayed person's consent (LGPD art. 11); a
 * character cannot exist without it.
 */

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const inList = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(', '));

export const castMembers = pgTable(
  'cast_members',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    kind: text('kind', { enum: CAST_KINDS }).notNull(),
    description: text('description'),
    imageKeys: text('image_keys').array().notNull(),
    likenessConsentAt: timestamptz('likeness_consent_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('cast_members_kind_valid', sql`${t.kind} IN (${inList(CAST_KINDS)})`),
    check(
      'cast_members_images_count',
      sql`cardinality(${t.imageKeys}) BETWEEN ${sql.raw(String(CAST_IMAGES_MIN))} AND ${sql.raw(String(CAST_IMAGES_MAX))}`,
    ),
    check(
      'cast_members_character_consent',
      sql`${t.kind} <> 'character' OR ${t.likenessConsentAt} IS NOT NULL`,
    ),
    index('cast_members_user_created_idx').on(t.userId, t.createdAt),
  ],
);
