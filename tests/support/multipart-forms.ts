import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type pg from 'pg';
import type { CastMember } from '#shared/cast';
import type { VideoRequestView } from '#shared/video-request';
import { tinyPng } from './images';
import type { SessionClient } from './session-client';

/** Multipart posts of the cast form and the create form, as a browser sends them, and what they leave stored. */

export interface FormAnswer {
  member: CastMember;
  request: VideoRequestView;
  group: VideoRequestView[];
  error: { code: string; message: string; fields?: Record<string, string> };
}

export type Part = string | { bytes: Buffer; name: string };

export async function postForm(
  baseUrl: string,
  client: SessionClient,
  route: string,
  parts: [string, Part][],
) {
  const form = new FormData();
  for (const [name, value] of parts) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, new Blob([new Uint8Array(value.bytes)]), value.name);
  }
  const response = await fetch(`${baseUrl}${route}`, {
    method: 'POST',
    body: form,
    headers: { cookie: client.cookieHeader, origin: baseUrl, 'x-forwarded-for': client.address },
  });
  return { status: response.status, body: (await response.json()) as FormAnswer };
}

export const png = (name: string, width = 64) => ({ bytes: tinyPng(width, 36), name });

export function saveMember(
  baseUrl: string,
  client: SessionClient,
  { name = 'Ana', kind = 'character', images = 2, consent = true, extra = [] as [string, Part][] } = {},
) {
  const parts: [string, Part][] = [
    ['name', name],
    ['kind', kind],
    ...(consent ? ([['likenessConsent', 'true']] as [string, Part][]) : []),
    ...Array.from({ length: images }, (_, i): [string, Part] => ['images', png(`foto-${i + 1}.png`, 40 + i)]),
    ...extra,
  ];
  return postForm(baseUrl, client, '/api/cast', parts);
}

export const videoParts = (clientKey = randomUUID(), extra: [string, Part][] = []): [string, Part][] => [
  ['prompt', 'A personagem caminha por uma feira colorida ao entardecer'],
  ['quality', 'fast'],
  ['aspectRatio', '16:9'],
  ['clientKey', clientKey],
  ...extra,
];

/** The names of the files a user has in disk storage, under `folder`. */
export async function filesOf(storageDir: string, userId: string, folder = ''): Promise<string[]> {
  const root = path.join(storageDir, userId, folder);
  const entries = await fs.readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => entry.name);
}

export const holdsOf = async (pool: pg.Pool, userId: string) =>
  (await pool.query('SELECT 1 FROM credit_holds WHERE user_id = $1', [userId])).rowCount;
