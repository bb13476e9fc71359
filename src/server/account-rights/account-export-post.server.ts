import { toWebVtt } from '#server/captions/captions.server';
import { mediaKeys } from '#server/media/media.server';
import { isoJson } from '#server/video-requests/video-requests.server';
import type { CaptionCue } from '#shared/captions';

/**
 * The export's lists of what sharing and posting keep (their shape: `exported*Schema` in
 * src/shared/account-rights.ts): the invite code, the invitations, the push devices (the endpoint's host only:
 * the URL and its keys let anyone send to the device, RFC 8030 §8 and RFC 8291 §3, so they are never handed out),
 * the API keys (never their hash) and each video's captions with their files.
 */

type JsonRow = { json: string } & Record<string, unknown>;

/** A signed link to a stored file as JSON text (`null` when there is no such file). */
export type Link = (key: unknown, download: boolean) => string;

/** One list of the export: its name, the query giving each row's JSON text, and what completes it in Node. */
export interface ExportList {
  name: string;
  sql: string;
  params: unknown[];
  finish?: (row: JsonRow) => string;
}

export function postLists(userId: string, appUrl: string, link: Link): ExportList[] {
  return [
    {
      name: 'inviteCode',
      sql: `SELECT json_build_object('code', code, 'url', $2 || '/convite/' || code,
                  'createdAt', ${isoJson('created_at')})::text AS json
         FROM invite_codes WHERE user_id = $1`,
      params: [userId, appUrl],
    },
    {
      name: 'invitations',
      sql: `SELECT json_build_object(
                  'role', CASE WHEN inviter_user_id = $1 THEN 'inviter' ELSE 'invitee' END,
                  'state', CASE WHEN outcome = 'rewarded' THEN 'rewarded'
                                WHEN outcome IS NOT NULL THEN 'not_counted'
                                WHEN purchase_ref IS NOT NULL THEN 'waiting'
                                ELSE 'pending' END,
                  'reason', CASE WHEN outcome <> 'rewarded' THEN outcome END,
                  'createdAt', ${isoJson('created_at')}, 'rewardAt', ${isoJson('reward_due_at')},
                  'rewardedAt', ${isoJson('rewarded_at')})::text AS json
         FROM invitations WHERE inviter_user_id = $1 OR invitee_user_id = $1
         ORDER BY created_at, invitee_user_id`,
      params: [userId],
    },
    {
      name: 'pushSubscriptions',
      sql: `SELECT json_build_object('endpointHost', substring(endpoint from '^[a-z]+://([^/:?#]+)'),
                  'createdAt', ${isoJson('created_at')})::text AS json
         FROM push_subscriptions WHERE user_id = $1 ORDER BY created_at, id`,
      params: [userId],
    },
    {
      // API keys (ADR 0063): never the hash (the token itself was never stored). With each, what is kept of its
      // use: the requests per hour (two days at most) and its MCP sessions (a day at most).
      name: 'apiKeys',
      sql: `SELECT json_build_object('name', k.name, 'prefix', 'cena_' || k.prefix, 'scopes', k.scopes,
                  'dailyCreditLimit', k.daily_credit_limit, 'requestCount', k.request_count,
                  'createdAt', ${isoJson('k.created_at')}, 'lastUsedAt', ${isoJson('k.last_used_at')},
                  'revokedAt', ${isoJson('k.revoked_at')},
                  'hourlyRequests', COALESCE((
                    SELECT json_agg(json_build_object('hour', ${isoJson('h.hour')}, 'requests', h.requests)
                                    ORDER BY h.hour)
                    FROM api_key_hourly_requests h WHERE h.key_id = k.id), '[]'),
                  'mcpSessions', COALESCE((
                    SELECT json_agg(json_build_object('startedAt', ${isoJson('m.started_at')},
                                                      'lastSeenAt', ${isoJson('m.last_seen_at')})
                                    ORDER BY m.started_at, m.id)
                    FROM mcp_sessions m WHERE m.key_id = k.id), '[]'))::text AS json
         FROM api_keys k WHERE k.user_id = $1 ORDER BY k.created_at, k.id`,
      params: [userId],
    },
    {
      name: 'captions',
      sql: `SELECT rtrim(json_build_object(
                  'requestId', c.video_request_id, 'status', c.status, 'transcribedBy', c.transcribed_by,
                  'revision', c.revision, 'cues', c.cues,
                  'createdAt', ${isoJson('c.created_at')}, 'updatedAt', ${isoJson('c.updated_at')})::text, '}')
                  AS json,
                c.video_request_id AS request_id, c.cues AS cue_list,
                (c.burn_status = 'ready' AND c.burned_revision = c.revision) AS burned
         FROM video_captions c JOIN video_requests v ON v.id = c.video_request_id
         WHERE v.user_id = $1 ORDER BY c.created_at, c.video_request_id`,
      params: [userId],
      finish: (row) => {
        const cues = row.cue_list as CaptionCue[];
        const vtt = cues.length > 0 ? JSON.stringify(toWebVtt(cues)) : 'null';
        const burnedIn = row.burned
          ? link(mediaKeys(userId, row.request_id as string).captioned, true)
          : 'null';
        return `${row.json},"files":{"vtt":${vtt},"burnedIn":${burnedIn}}}`;
      },
    },
  ];
}
