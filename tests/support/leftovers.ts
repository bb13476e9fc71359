import { afterAll, beforeAll, expect } from 'vitest';

/**
 * The `app` project's files share a process and a module graph per worker (vitest.config.ts, ADR 0076), so what
 * one file leaves running — a server, a browser or another child process, a socket, a timer — would run on into the
 * next files. Each file
 * must stop what it started: this fails the file that does not, after a grace period for closes in flight.
 * (Node's list of what keeps the loop alive: https://nodejs.org/api/process.html#processgetactiveresourcesinfo.)
 */
const WATCHED = new Set([
  'ProcessWrap',
  'TCPServerWrap',
  'PipeServerWrap',
  'TCPSocketWrap',
  'PipeWrap',
  'Timeout',
]);
const GRACE_MS = 2_000;

function census(): Map<string, number> {
  const counts = new Map<string, number>();
  for (const kind of process.getActiveResourcesInfo()) {
    if (WATCHED.has(kind)) counts.set(kind, (counts.get(kind) ?? 0) + 1);
  }
  return counts;
}

function added(before: Map<string, number>): string[] {
  return [...census()]
    .filter(([kind, count]) => count > (before.get(kind) ?? 0))
    .map(([kind, count]) => `${kind} ×${count - (before.get(kind) ?? 0)}`);
}

let atStart = new Map<string, number>();
beforeAll(() => {
  atStart = census();
});

afterAll(async () => {
  const deadline = Date.now() + GRACE_MS;
  let left = added(atStart);
  while (left.length > 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    left = added(atStart);
  }
  expect(left, `${expect.getState().testPath} left these running after its last test`).toEqual([]);
});
