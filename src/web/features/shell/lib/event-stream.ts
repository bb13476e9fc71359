/**
 * The app's one realtime connection: an `EventSource` on `/api/events` (design §1), shared by every subscriber.
 *
 * - `connectEventStream()` opens it (reference-counted; the signed-in shell holds it while mounted) and returns the
 *   function that releases it.
 * - `subscribeEvent(name, handler)` listens to one server event (`credits`, later `subscription`, `video_request`),
 *   plus two local ones: `ready` (every (re)connection) and `closed` (the browser gave up,
 *   e.g. a 401 after the session was revoked).
 *
 * Failures are tolerated silently: the browser retries network drops by itself; when it gives up (an HTTP error),
 * we reopen with a backoff (1 s doubling to 30 s) for as long as someone holds the connection.
 */

export type EventHandler = (data: unknown) => void;

const RETRY_START_MS = 1_000;
const RETRY_MAX_MS = 30_000;
const LOCAL_EVENTS = new Set(['closed']);

const handlers = new Map<string, Set<EventHandler>>();
const attached = new Set<string>();
let source: EventSource | null = null;
let holders = 0;
let retryDelay = RETRY_START_MS;
let retryTimer: ReturnType<typeof setTimeout> | null = null;

function dispatch(name: string, data: unknown): void {
  for (const handler of handlers.get(name) ?? []) {
    try {
      handler(data);
    } catch (error) {
      console.warn(`[events] handler for "${name}" failed`, error);
    }
  }
}

function parse(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

function attach(name: string): void {
  if (!source || attached.has(name) || LOCAL_EVENTS.has(name) || name === 'ready') return;
  attached.add(name);
  source.addEventListener(name, (event) => dispatch(name, parse((event as MessageEvent<string>).data)));
}

function open(): void {
  if (typeof EventSource === 'undefined') return;
  const es = new EventSource('/api/events', { withCredentials: true });
  source = es;
  attached.clear();
  es.addEventListener('ready', () => {
    retryDelay = RETRY_START_MS;
    dispatch('ready', null);
  });
  for (const name of handlers.keys()) attach(name);
  es.onerror = () => {
    if (es.readyState !== EventSource.CLOSED) return; // the browser is retrying by itself
    if (source === es) source = null;
    dispatch('closed', null);
    scheduleReopen();
  };
}

function scheduleReopen(): void {
  if (holders === 0 || retryTimer) return;
  retryTimer = setTimeout(() => {
    retryTimer = null;
    if (holders > 0 && !source) open();
  }, retryDelay);
  retryDelay = Math.min(retryDelay * 2, RETRY_MAX_MS);
}

function close(): void {
  if (retryTimer) clearTimeout(retryTimer);
  retryTimer = null;
  source?.close();
  source = null;
  attached.clear();
  retryDelay = RETRY_START_MS;
}

/** Opens the shared stream (if not open yet). Call the returned function to release it. */
export function connectEventStream(): () => void {
  holders++;
  if (holders === 1 && !source) open();
  let released = false;
  return () => {
    if (released) return;
    released = true;
    holders--;
    if (holders === 0) close();
  };
}

/** Listens to one event; returns the unsubscribe function. */
export function subscribeEvent(name: string, handler: EventHandler): () => void {
  let set = handlers.get(name);
  if (!set) {
    set = new Set();
    handlers.set(name, set);
  }
  set.add(handler);
  attach(name);
  return () => {
    set.delete(handler);
  };
}
