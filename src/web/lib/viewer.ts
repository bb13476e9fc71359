/**
 * Who is looking at a static public page, for its islands (header, pricing). Better Auth's `get-session` answers
 * 200 with `null` for a visitor, so nobody's console logs a 401. Asked once on start and again whenever the tab
 * becomes visible (a sign-in or checkout finished in another tab); every answer goes to every listener.
 */

export type ViewerState = 'signed-in' | 'signed-out';
type Listener = (state: ViewerState) => void;

let known: ViewerState | null = null;
let inFlight: Promise<ViewerState> | null = null;
const listeners = new Set<Listener>();

async function askSession(): Promise<ViewerState> {
  try {
    const response = await fetch('/api/auth/get-session', {
      credentials: 'same-origin',
      headers: { Accept: 'application/json' },
    });
    if (!response.ok) return 'signed-out';
    const body = (await response.json().catch(() => null)) as { session?: unknown } | null;
    return body?.session ? 'signed-in' : 'signed-out';
  } catch {
    return 'signed-out';
  }
}

/** Asks the server (joining a question already under way) and tells every listener. */
function detectViewer(): Promise<ViewerState> {
  inFlight ??= askSession().then((state) => {
    known = state;
    inFlight = null;
    for (const listener of listeners) listener(state);
    return state;
  });
  return inFlight;
}

/** The viewer as last known, or the answer to the question under way. */
export function currentViewer(): Promise<ViewerState> {
  return known && !inFlight ? Promise.resolve(known) : detectViewer();
}

export function onViewer(listener: Listener): void {
  listeners.add(listener);
  if (known) listener(known);
}

export function watchViewer(): void {
  void detectViewer();
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void detectViewer();
  });
}

/** The public pages' name for a realtime `subscription` event, re-dispatched on `window` by the site header. */
export const SUBSCRIPTION_CHANGED = 'cena:subscription';
