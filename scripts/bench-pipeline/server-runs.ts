import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { startTestApp } from '#tests/support/app';
import { API_KEY, type FakeGemini } from '#tests/support/fake-gemini';
import { type BenchUser, createVideo, type EventStream, makeUsers, openEvents } from './bench-users';
import { PROMPT, progress, quantile } from './shared';

/** The runs against the real server: create throughput and completion latency. */

export const CREATE_CLIENTS = 16;
export const CREATE_DURATION_MS = 10_000;
/** The create route's per-user limit (DEFAULT_CREATE_PER_MINUTE), left as it is. */
export const CREATES_PER_USER = 10;
/**
 * Users signed up for the create run, per client: 10 creates each, taken from one shared list, so up to 320
 * creates/s over the 10 s (this machine does 110–170). More users cost sign-up time (argon2) before the run.
 */
const USERS_PER_CLIENT = Number(process.env.BENCH_USERS_PER_CLIENT ?? 20);
export const COMPLETION_REQUESTS = 20;
const COMPLETION_USERS = 4;
const COMPLETION_TIMEOUT_MS = 100_000;

interface CreateFigures {
  created: number;
  perSecond: number;
  p50: number;
  p99: number;
  users: number;
  errors: Map<string, number>;
  clientsOutOfUsers: number;
}

export async function benchCreate(
  databaseUrl: string,
  dataDir: string,
  veo: FakeGemini,
): Promise<CreateFigures> {
  const app = await startTestApp(appEnv(dataDir, veo), { databaseUrl });
  try {
    // One extra user per client for the warm-up.
    const userCount = CREATE_CLIENTS * (USERS_PER_CLIENT + 1);
    const signUpStart = performance.now();
    const users = await makeUsers(app, userCount, 4);
    progress(
      `signed up ${users.length} users with credits in ${((performance.now() - signUpStart) / 1000).toFixed(1)} s`,
    );
    // Warm-up (connections, JIT, prepared paths), on users kept out of the run.
    const warm = users.splice(0, CREATE_CLIENTS * 1);
    await Promise.all(warm.map((user) => createVideo(user, `[never] ${PROMPT}`)));

    const latencies: number[] = [];
    const errors = new Map<string, number>();
    let clientsOutOfUsers = 0;
    let nextUser = 0;
    const start = performance.now();
    const deadline = start + CREATE_DURATION_MS;
    let lastEnd = start;
    await Promise.all(
      Array.from({ length: CREATE_CLIENTS }, async () => {
        let user: BenchUser | undefined;
        let used = CREATES_PER_USER;
        while (performance.now() < deadline) {
          if (used === CREATES_PER_USER) {
            user = users[nextUser++];
            used = 0;
          }
          if (!user) {
            clientsOutOfUsers += 1;
            return;
          }
          used += 1;
          const t = performance.now();
          const result = await createVideo(user, `[never] ${PROMPT}`);
          const end = performance.now();
          lastEnd = Math.max(lastEnd, end);
          if (result.status === 201) latencies.push(end - t);
          else {
            const key = `${result.status} ${result.body.slice(0, 80)}`;
            errors.set(key, (errors.get(key) ?? 0) + 1);
          }
        }
      }),
    );
    const elapsed = lastEnd - start;
    return {
      created: latencies.length,
      perSecond: (latencies.length / elapsed) * 1000,
      p50: quantile(latencies, 0.5),
      p99: quantile(latencies, 0.99),
      users: Math.min(nextUser, users.length),
      errors,
      clientsOutOfUsers,
    };
  } finally {
    await app.stop();
  }
}

interface CompletionSample {
  latency: number;
  rendering: number;
  doneToDownload: number;
  completedToEvent: number;
}

export async function benchCompletion(
  databaseUrl: string,
  dataDir: string,
  veo: FakeGemini,
): Promise<CompletionSample[]> {
  const app = await startTestApp(appEnv(dataDir, veo), { databaseUrl });
  const streams: EventStream[] = [];
  try {
    const users = await makeUsers(app, COMPLETION_USERS, COMPLETION_USERS);
    for (const user of users) streams.push(openEvents(user));
    await Promise.race([
      Promise.all(streams.map((stream) => stream.ready)),
      sleep(10_000).then(() => {
        throw new Error('the event streams did not open');
      }),
    ]);

    const requests: { id: string; stream: EventStream }[] = [];
    for (let i = 0; i < COMPLETION_REQUESTS; i++) {
      const userIndex = i % COMPLETION_USERS;
      const user = users[userIndex] as BenchUser;
      const result = await createVideo(user, PROMPT);
      if (!result.id) throw new Error(`create answered ${result.status}: ${result.body}`);
      requests.push({ id: result.id, stream: streams[userIndex] as EventStream });
      // Spread out, so the requests do not all finish (and render) at once.
      await sleep(250);
    }

    const completedEvent = (request: { id: string; stream: EventStream }) =>
      request.stream.events.find((event) => {
        if (event.event !== 'video_request') return false;
        const data = JSON.parse(event.data) as { id: string; status: string };
        return data.id === request.id && (data.status === 'completed' || data.status === 'failed');
      });
    const deadline = Date.now() + COMPLETION_TIMEOUT_MS;
    let reported = 0;
    for (;;) {
      const done = requests.filter((request) => completedEvent(request)).length;
      if (done === requests.length) break;
      if (Date.now() > deadline) {
        throw new Error(`only ${done} of ${requests.length} requests finished within the timeout`);
      }
      if (done >= reported + 5) {
        reported = done;
        progress(`${done}/${requests.length} completed`);
      }
      await sleep(100);
    }

    const rows = await app.cena.pool.query<{
      id: string;
      status: string;
      operation_name: string | null;
      completed_at: Date | null;
      error_message: string | null;
    }>(
      `SELECT id, status, operation_name, completed_at, error_message FROM video_requests
       WHERE id = ANY($1::uuid[])`,
      [requests.map((request) => request.id)],
    );
    const byId = new Map(rows.rows.map((row) => [row.id, row]));
    return requests.map((request) => {
      const row = byId.get(request.id);
      if (row?.status !== 'completed' || !row.completed_at || !row.operation_name) {
        throw new Error(`request ${request.id} ended ${row?.status}: ${row?.error_message}`);
      }
      const doneAt = veo.doneAt.get(row.operation_name);
      const downloadAt = veo.downloadAt.get(row.operation_name);
      const eventAt = completedEvent(request)?.at;
      if (doneAt === undefined || downloadAt === undefined || eventAt === undefined) {
        throw new Error(`request ${request.id}: missing a timestamp`);
      }
      const completedAt = row.completed_at.getTime();
      return {
        latency: eventAt - doneAt,
        rendering: completedAt - downloadAt,
        doneToDownload: downloadAt - doneAt,
        completedToEvent: eventAt - completedAt,
      };
    });
  } finally {
    for (const stream of streams) stream.close();
    await app.stop();
  }
}

function appEnv(dataDir: string, veo: FakeGemini): Record<string, string> {
  return {
    // Not 'test': the suite's check of every answer against its schema is not what production runs.
    NODE_ENV: 'development',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    // The production default (the test app uses 5).
    DATABASE_POOL_SIZE: '10',
    VIDEO_PROVIDER: 'gemini',
    GEMINI_API_KEY: API_KEY,
    GEMINI_API_BASE: veo.base,
    SHUTDOWN_TIMEOUT_MS: '3000',
  };
}

export async function createDatabase(adminUrl: string, name: string): Promise<string> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
