import { createHmac, randomBytes } from 'node:crypto';

/**
 * The Gemini fake's webhooks, written from Google's documentation and the Standard Webhooks specification — not
 * from Cena's receiver:
 * - [WEBHOOKS] https://ai.google.dev/gemini-api/docs/webhooks: a static webhook, registered for the whole project
 *   with the WebhookService (`POST /v1beta/webhooks` {uri, subscribed_events}; the answer's `new_signing_secret`,
 *   `whsec_…`, is shown once), receives every subscribed event of the project; delivery is at least once, with
 *   retries, so an event may arrive twice.
 * - [WEBHOOK-CONFIG] `@google/genai` 3.1.0 (dist/genai.d.ts, `WebhookConfig_2`, the `webhook_config` of an
 *   Interactions create): `{ uris?: string[], user_metadata?: {…} }` — "If set, these webhook URIs will be used for
 *   webhook events instead of the registered webhooks"; the metadata "will be returned on each event emission".
 *   Google signs those per-request deliveries differently (an RS256 JWT checked against Google's JWKS, per the
 *   webhooks page's dynamic section); this fake does not model that signature, so it records such URIs
 *   (`dynamicUris`) and sends them nothing.
 * - [EVENTS] the same page and the `@google/genai` 3.1.0 `Webhook.subscribed_events`: `interaction.completed`,
 *   `interaction.failed`, `interaction.requires_action`, `video.generated`, … The payload is thin: `{type,
 *   version: "v1", timestamp, data: {id}}`, the interaction's (or operation's) id and no output.
 * - [SIGNING] https://github.com/standard-webhooks/standard-webhooks/blob/main/spec/standard-webhooks.md: headers
 *   `webhook-id` (the same on every delivery of one event), `webhook-timestamp` (Unix seconds) and
 *   `webhook-signature` `v1,<base64 HMAC-SHA256>` over `${id}.${timestamp}.${body}`, keyed by the base64 bytes after
 *   `whsec_`.
 */

export interface FakeWebhookOptions {
  /** Its `new_signing_secret`. */
  secret: string;
  /** A generation's length: its event is posted this long after the create, and reads say so too. */
  generationMs: number;
}

/**
 * What a test does to the delivery of a generation, by a marker in its prompt: `[wh-drop]` drops it (Google's
 * retries never arrive either), `[wh-badsig]` signs it with another key, `[wh-old]` dates it 10 minutes back,
 * `[wh-twice]` delivers it twice (at least once, as Google may).
 */
const FAULTS = ['drop', 'badsig', 'old', 'twice'] as const;
type DeliveryFault = (typeof FAULTS)[number];

const faultOf = (prompt: string) => FAULTS.find((fault) => prompt.includes(`[wh-${fault}]`));

export interface WebhookDelivery {
  type: string;
  resourceId: string;
  headers: Record<'webhook-id' | 'webhook-timestamp' | 'webhook-signature', string>;
  body: string;
  /** The receiver's answer (undefined while it is awaited), or `dropped`; and its error code, if any. */
  status?: number | 'dropped';
  code?: string;
  /** When it was posted (epoch ms), and how many API requests the fake had received by then. */
  postedAt: number;
  apiRequestsBefore: number;
}

export interface FakeWebhooks {
  /** The project webhook's `uri` (the receiver's address, known once it listens). */
  uri: string | undefined;
  readonly generationMs: number;
  deliveries: WebhookDelivery[];
  /** `webhook_config.uris` of creates (not delivered to: see [WEBHOOK-CONFIG]). */
  dynamicUris: string[];
  /** Posts the event for a generation at `at` (epoch ms), unless the create routed it to its own URIs. */
  schedule(event: GenerationEvent, at: number, config: unknown): void;
  /** Posts a recorded delivery again, byte for byte (a replay); answers the receiver's answer. */
  replay(delivery: WebhookDelivery): Promise<Pick<WebhookDelivery, 'status' | 'code'>>;
  stop(): void;
}

interface GenerationEvent {
  type: string;
  resourceId: string;
  /** The generation's prompt, for the test's fault markers. */
  prompt: string;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** [WEBHOOK-CONFIG]: what Google refuses in a create's `webhook_config` (400 INVALID_ARGUMENT), else undefined. */
export function webhookConfigProblem(value: unknown): string | undefined {
  if (!isObject(value)) return "Invalid value at 'webhook_config' (type.googleapis.com/WebhookConfig)";
  for (const name of Object.keys(value)) {
    if (name !== 'uris' && name !== 'user_metadata')
      return `Invalid JSON payload received. Unknown name "${name}" at 'webhook_config': Cannot find field.`;
  }
  if (value.uris !== undefined) {
    if (!Array.isArray(value.uris)) return "Invalid value at 'webhook_config.uris' (TYPE_STRING)";
    for (const [index, uri] of value.uris.entries()) {
      if (typeof uri !== 'string' || !URL.canParse(uri) || !/^https?:$/.test(new URL(uri).protocol))
        return `Invalid value at 'webhook_config.uris[${index}]': must be an absolute HTTP(S) URI`;
    }
  }
  if (value.user_metadata !== undefined && !isObject(value.user_metadata))
    return "Invalid value at 'webhook_config.user_metadata' (type.googleapis.com/google.protobuf.Struct)";
  return undefined;
}

function sign(secret: string, id: string, timestamp: string, body: string): string {
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

async function post(
  uri: string | undefined,
  headers: WebhookDelivery['headers'],
  body: string,
): Promise<Pick<WebhookDelivery, 'status' | 'code'>> {
  if (!uri) throw new Error('the fake has no webhook uri to post to');
  const answer = await fetch(uri, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
  });
  const text = await answer.text();
  const code = answer.ok ? undefined : (JSON.parse(text) as { error?: { code?: string } }).error?.code;
  return { status: answer.status, code };
}

export function startFakeWebhooks(options: FakeWebhookOptions, apiRequests: () => number): FakeWebhooks {
  const timers = new Set<NodeJS.Timeout>();

  async function deliver({ type, resourceId, prompt }: GenerationEvent): Promise<void> {
    const fault: DeliveryFault | undefined = faultOf(prompt);
    const body = JSON.stringify({
      type,
      version: 'v1',
      timestamp: new Date().toISOString(),
      data: { id: resourceId },
    });
    const id = `msg_${randomBytes(12).toString('base64url')}`;
    const timestamp = String(Math.floor(Date.now() / 1000) - (fault === 'old' ? 600 : 0));
    const secret = fault === 'badsig' ? `whsec_${randomBytes(24).toString('base64')}` : options.secret;
    const headers = {
      'webhook-id': id,
      'webhook-timestamp': timestamp,
      'webhook-signature': sign(secret, id, timestamp, body),
    };
    const record: WebhookDelivery = {
      type,
      resourceId,
      headers,
      body,
      postedAt: Date.now(),
      apiRequestsBefore: apiRequests(),
    };
    webhooks.deliveries.push(record);
    if (fault === 'drop') {
      record.status = 'dropped';
      return;
    }
    Object.assign(record, await post(webhooks.uri, headers, body));
    if (fault === 'twice') {
      const again = { ...record, status: undefined, postedAt: Date.now(), apiRequestsBefore: apiRequests() };
      webhooks.deliveries.push(again);
      Object.assign(again, await post(webhooks.uri, headers, body));
    }
  }

  const webhooks: FakeWebhooks = {
    uri: undefined,
    generationMs: options.generationMs,
    deliveries: [],
    dynamicUris: [],
    schedule(event, at, config) {
      const uris = isObject(config) && Array.isArray(config.uris) ? config.uris : [];
      if (uris.length > 0) {
        webhooks.dynamicUris.push(...uris.map(String));
        return;
      }
      const timer = setTimeout(
        () => {
          timers.delete(timer);
          deliver(event).catch(() => undefined);
        },
        Math.max(0, at - Date.now()),
      );
      timers.add(timer);
    },
    replay: (delivery) => post(webhooks.uri, delivery.headers, delivery.body),
    stop() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
  return webhooks;
}
