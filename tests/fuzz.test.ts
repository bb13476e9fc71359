import { randomInt, randomUUID } from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantRole } from '../src/server/accounts/roles.server';
import { signUpAndVerify } from './support/accounts';
import { ROOT, TEST_AUTH_SECRET } from './support/app';
import { type Spawned, spawnCollecting } from './support/child-process';
import { createTestDatabase, type TestDatabase, testPool } from './support/database';
import { freePort } from './support/free-port';
import type { SessionClient } from './support/session-client';

/**
 * Malformed input at every endpoint the API document lists and every Better Auth route the web uses — deep
 * nesting, U+0000, invalid UTF-8, huge and negative numbers, wrong types and content types, oversized bodies and
 * URLs — against the real server process: no answer is a 5xx, every 4xx is JSON with a code and a pt-BR message,
 * and the process's own output stays JSON lines with nothing at error level (the only client here is the fuzzer,
 * so any error line would be client input logged as a server fault).
 */

interface Operation {
  method: string;
  path: string;
  queryNames: string[];
  bodyType: 'json' | 'multipart' | 'none';
  properties: string[];
}

/** Better Auth routes the web calls (docs/accounts-contract.md), with the body fields it sends. */
const AUTH_OPERATIONS: Operation[] = [
  ['POST', 'sign-up/email', ['name', 'email', 'password', 'birthDate', 'language', 'callbackURL']],
  ['POST', 'sign-in/email', ['email', 'password', 'callbackURL', 'rememberMe']],
  ['POST', 'sign-in/social', ['provider', 'callbackURL']],
  ['POST', 'request-password-reset', ['email', 'redirectTo']],
  ['POST', 'reset-password', ['newPassword', 'token']],
  ['POST', 'send-verification-email', ['email', 'callbackURL']],
  ['POST', 'change-password', ['currentPassword', 'newPassword', 'revokeOtherSessions']],
  ['POST', 'revoke-session', ['token']],
  ['POST', 'two-factor/enable', ['password']],
  ['POST', 'two-factor/disable', ['password']],
  ['POST', 'two-factor/verify-totp', ['code', 'trustDevice']],
  ['POST', 'two-factor/verify-backup-code', ['code']],
  ['POST', 'two-factor/generate-backup-codes', ['password']],
  ['POST', 'sign-out', []],
  ['POST', 'revoke-sessions', []],
  ['GET', 'get-session', []],
  ['GET', 'list-sessions', []],
  ['GET', 'verify-email', ['token', 'callbackURL']],
  ['GET', 'reset-password/{token}', ['callbackURL']],
].map(([method, route, fields]) => ({
  method: method as string,
  path: `/api/auth/${route as string}`,
  queryNames: method === 'GET' ? (fields as string[]) : [],
  bodyType: method === 'POST' ? 'json' : 'none',
  properties: method === 'POST' ? (fields as string[]) : [],
}));

const PORTUGUESE =
  /[ãõçáéíóúâêôà]|\b(não|inválid[oa]s?|requisição|campo|valor|envie|faça|muitas|rota|sessão|senha|código|grande|demais|dados|tipo|pequeno|obrigatóri[oa]|parâmetro|permitid[oa]|tente|aguarde|formulário|endereço|mensagem|imagem|crédito|deve|pelo menos|desconhecid[oa]|texto|plano|dias|caracteres|digite|mostre|escolha|escreva|motivo|ideia|roteiro|informe|nascimento)\b/i;

const BIG = '99999999999999999999999999';
const BAD_VALUES: unknown[] = [
  null,
  true,
  -1,
  0,
  1e308,
  -1e308,
  Number(BIG),
  [],
  {},
  [[[['x']]]],
  'a\u0000b',
  '\ud800',
  'x'.repeat(300),
  'x'.repeat(20_000),
  '',
  '   ',
  '<script>alert(1)</script>',
];
const BAD_QUERY_VALUES = ['-1', '%00', '%ff%fe', BIG, '1e309', 'NaN', 'x'.repeat(5000), '', '%', 'true'];
const PATH_IDS = [randomUUID(), '%00', '-1', BIG, 'x'.repeat(300), '%ff%fe', '..%2F..%2Fetc', '%'];

interface Case {
  label: string;
  method: string;
  url: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array | FormData;
  /** Sent without Content-Length (Transfer-Encoding: chunked), so no limit can refuse it from its head. */
  chunked?: boolean;
}

const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const nestedObjects = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
const json = (value: unknown) => JSON.stringify(value);
/**
 * The large bodies every operation is sent are the same bytes each time, so they are made once: made per operation,
 * they cost this file about a sixth of its CPU (a 12 MB string serialised and encoded again for each of the API's
 * operations; docs/benchmarks.md, session 25).
 */
const HUGE_JSON = Buffer.from(json({ x: 'x'.repeat(1024 * 1024) }));
const JSON_OF_12_MB = Buffer.from(json({ x: 'x'.repeat(12 * 1024 * 1024) }));
const zeroImage = (megabytes: number) =>
  new Blob([new Uint8Array(megabytes * 1024 * 1024)], { type: 'image/png' });
const ZERO_IMAGES = { 8: zeroImage(8), 12: zeroImage(12), 30: zeroImage(30) } as const;
/** `{"<name>":"` + bytes that are not UTF-8 + `"}`. */
const invalidUtf8 = (name: string) =>
  new Uint8Array([
    ...new TextEncoder().encode(`{"${name}":"`),
    0xff,
    0xfe,
    0xc3,
    0x28,
    0xed,
    0xa0,
    0x80,
    ...new TextEncoder().encode('"}'),
  ]);

function pathsOf(operation: Operation): string[] {
  if (!/\{[^}]+\}/.test(operation.path)) return [operation.path];
  return PATH_IDS.map((id) => operation.path.replace(/\{[^}]+\}/g, id));
}

function casesFor(operation: Operation): Case[] {
  const cases: Case[] = [];
  const add = (label: string, base: string, extra: Omit<Case, 'label' | 'method' | 'url'> = {}, query = '') =>
    cases.push({ label, method: operation.method, url: `${base}${query}`, ...extra });
  for (const base of pathsOf(operation)) {
    add('path', base);
    add('NUL in query', base, {}, '?%00=%00');
    add('invalid UTF-8 in query', base, {}, '?q=%ff%fe%c3%28');
    add('repeated parameter', base, {}, '?page=1&page=2');
    add('URL over 8 KB', base, {}, `?q=${'a'.repeat(9000)}`);
    add('URL over 16 KB', base, {}, `?q=${'a'.repeat(20_000)}`);
    for (const name of operation.queryNames) {
      for (const value of BAD_QUERY_VALUES)
        add(`${name}=${value.slice(0, 20)}`, base, {}, `?${name}=${value}`);
      add(`${name}[]`, base, {}, `?${name}[]=1`);
    }
  }
  const base = pathsOf(operation)[0] ?? operation.path;
  if (operation.bodyType === 'none' && operation.method === 'GET') return cases;

  const jsonHeaders = { 'content-type': 'application/json' };
  const bodies: [string, string | Uint8Array][] = [
    ['nested arrays', nested(5000)],
    ['nested objects', nestedObjects(3000)],
    ['empty JSON', ''],
    ['null', 'null'],
    ['array', '[]'],
    ['string', '"x"'],
    ['number', '1e309'],
    ['truncated', '{"a":'],
    ['NUL key', json({ 'a\u0000': 1 })],
    ['huge body', HUGE_JSON],
    ['invalid UTF-8', invalidUtf8(operation.properties[0] ?? 'x')],
  ];
  for (const [label, body] of bodies) add(`body: ${label}`, base, { headers: jsonHeaders, body });
  for (const name of operation.properties) {
    for (const value of BAD_VALUES) {
      const text = typeof value === 'string' ? value.slice(0, 12) : json(value).slice(0, 12);
      add(`${name}: ${text}`, base, { headers: jsonHeaders, body: json({ [name]: value }) });
    }
    add(`${name}: 1e309`, base, { headers: jsonHeaders, body: `{"${name}":1e309}` });
  }
  add('text/plain', base, { headers: { 'content-type': 'text/plain' }, body: '{}' });
  add('form-urlencoded', base, {
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'a=b&a=%00',
  });
  add('no content type', base, { body: '{}' });
  add('UTF-16 JSON', base, { headers: { 'content-type': 'application/json; charset=utf-16' }, body: '{}' });
  add('broken multipart', base, {
    headers: { 'content-type': 'multipart/form-data; boundary=zzz' },
    body: '--zzz\r\nContent-Disposition: form-data; name="prompt"\r\n\r\nabc',
  });
  const form = new FormData();
  for (const name of operation.properties) form.append(name, 'a\u0000b');
  form.append('image', new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' }), 'x.png');
  add('multipart with NUL and a fake image', base, { body: form });
  if (operation.bodyType === 'multipart') {
    const repeated = new FormData();
    for (const name of operation.properties) {
      repeated.append(name, '1');
      repeated.append(name, '-1');
    }
    add('multipart with repeated fields', base, { body: repeated });
    const huge = new FormData();
    huge.append('prompt', 'x'.repeat(100_000));
    huge.append('image', ZERO_IMAGES[8], 'big.png');
    add('multipart over the size limit', base, { body: huge });
    // Chunked, so only the body limit can see the size: under it (the image's own limit answers) and over it.
    for (const megabytes of [12, 30] as const) {
      const chunked = new FormData();
      chunked.append('prompt', 'Um barco no rio ao entardecer');
      chunked.append('quality', 'fast');
      chunked.append('aspectRatio', '16:9');
      chunked.append('clientKey', randomUUID());
      chunked.append('image', ZERO_IMAGES[megabytes], 'big.png');
      add(`multipart of ${megabytes} MB, chunked`, base, { body: chunked, chunked: true });
    }
  }
  if (operation.bodyType === 'json') {
    add('JSON body of 12 MB, chunked', base, {
      headers: jsonHeaders,
      body: JSON_OF_12_MB,
      chunked: true,
    });
  }
  return cases;
}

let database: TestDatabase;
let pool: pg.Pool;
let server: Spawned;
let url: string;
let user: SessionClient;
let authUser: SessionClient;

beforeAll(async () => {
  database = await createTestDatabase();
  pool = testPool({ connectionString: database.url, max: 2 });
  const port = await freePort();
  url = `http://127.0.0.1:${port}`;
  server = spawnCollecting(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    ...process.env,
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_URL: url,
    LOG_LEVEL: 'info',
    DATABASE_URL: database.url,
    DATABASE_POOL_SIZE: '5',
    WEB_DIST_DIR: path.join(ROOT, 'dist/client'),
    BETTER_AUTH_SECRET: TEST_AUTH_SECRET,
    TRUSTED_PROXIES: '127.0.0.1',
  });
  const deadline = Date.now() + 45_000;
  for (;;) {
    if (server.child.exitCode !== null) throw new Error(`Cena exited early:\n${server.output()}`);
    const ready = await fetch(`${url}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) throw new Error(`Cena did not become ready:\n${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  ({ client: user } = await signUpAndVerify(url));
  const { body } = await user.json<{ user: { id: string } }>('/api/me');
  // An admin, so the admin routes validate their input instead of stopping at 403.
  await grantRole(pool, body.user.id, 'admin');
  ({ client: authUser } = await signUpAndVerify(url));
}, 90_000);

afterAll(async () => {
  if (server && server.child.exitCode === null) {
    server.child.kill('SIGTERM');
    await server.exited;
  }
  await pool?.end();
  await database?.drop();
});

interface Answer {
  label: string;
  status: number;
  body: string;
  contentType: string;
}

/**
 * One request over node:http rather than fetch: the server may answer an oversized body (413) before it has all
 * been sent and close the connection, and the answer it gave is what this test checks.
 */
async function send(client: SessionClient, item: Case): Promise<Answer> {
  const headers: Record<string, string> = {
    origin: url,
    cookie: client.cookieHeader,
    // A fresh client address each time, so Better Auth's rate limits do not stand in for validation.
    'x-forwarded-for': `10.${randomInt(250)}.${randomInt(250)}.${randomInt(250)}`,
    ...item.headers,
  };
  let body: Buffer | undefined;
  if (item.body instanceof FormData) {
    const encoded = new Response(item.body);
    headers['content-type'] = encoded.headers.get('content-type') ?? '';
    body = Buffer.from(await encoded.arrayBuffer());
  } else if (item.body !== undefined) {
    body = Buffer.isBuffer(item.body) ? item.body : Buffer.from(item.body);
  }
  if (body && item.chunked) return sendChunked(item, headers, body);
  if (body) headers['content-length'] = String(body.length);
  const label = `${item.method} ${item.url.slice(0, 80)} — ${item.label}`;
  return new Promise<Answer>((resolve, reject) => {
    let answered = false;
    const request = http.request(
      `${url}${item.url}`,
      { method: item.method, headers, agent: false },
      (response) => {
        answered = true;
        const status = response.statusCode ?? 0;
        const contentType = response.headers['content-type'] ?? '';
        // A successful event stream never ends by itself.
        if (status < 400 && contentType.includes('text/event-stream')) {
          request.destroy();
          resolve({ label, status, body: '', contentType });
          return;
        }
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ label, status, body: Buffer.concat(chunks).toString(), contentType }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', (error) => {
      if (!answered) reject(new Error(`${label}: ${error.message}`));
    });
    if (!body || body.length <= LARGE_BODY_BYTES) {
      request.end(body);
      return;
    }
    // A body over the limits is refused from its Content-Length, before the server reads it; a client still
    // writing then meets a closed socket (EPIPE) and never reads the answer. So, as a careful client would, send
    // the head first and the body only if no answer has come meanwhile.
    request.flushHeaders();
    const sendBody = setTimeout(() => {
      if (!answered) request.end(body);
    }, LARGE_BODY_HEAD_START_MS);
    request.on('response', (response) => {
      clearTimeout(sendBody);
      // The body was never sent: close the request once the answer is read.
      response.on('end', () => request.destroy());
    });
  });
}

/** A complete HTTP/1.1 answer in `raw` (latin1), or undefined while more is to come. */
function parseAnswer(raw: string): { status: number; contentType: string; body: string } | undefined {
  const split = raw.indexOf('\r\n\r\n');
  if (split < 0) return undefined;
  const head = raw.slice(0, split);
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0);
  const contentType = /\r\ncontent-type: *([^\r]*)/i.exec(head)?.[1] ?? '';
  const rest = raw.slice(split + 4);
  const length = /\r\ncontent-length: *(\d+)/i.exec(head)?.[1];
  if (length !== undefined) {
    return rest.length >= Number(length)
      ? { status, contentType, body: rest.slice(0, Number(length)) }
      : undefined;
  }
  if (!/\r\ntransfer-encoding: *chunked/i.test(head)) return undefined;
  let body = '';
  for (let at = 0; ; ) {
    const line = rest.indexOf('\r\n', at);
    if (line < 0) return undefined;
    const size = Number.parseInt(rest.slice(at, line), 16);
    if (size === 0) return { status, contentType, body };
    if (rest.length < line + 2 + size + 2) return undefined;
    body += rest.slice(line + 2, line + 2 + size);
    at = line + 2 + size + 2;
  }
}

/**
 * A body sent with Transfer-Encoding: chunked and no Content-Length, over a plain socket: the server cannot refuse it
 * from its head, and answers while the client is still writing. The connection stays open (keep-alive), so the server
 * reads and drops the rest instead of resetting it; the answer is complete when its own length says so.
 */
async function sendChunked(item: Case, headers: Record<string, string>, body: Buffer): Promise<Answer> {
  const label = `${item.method} ${item.url.slice(0, 80)} — ${item.label}`;
  const target = new URL(`${url}${item.url}`);
  const socket = net.connect(Number(target.port), target.hostname);
  let raw = '';
  let answer: ReturnType<typeof parseAnswer>;
  const answered = new Promise<void>((resolve) => {
    socket.on('data', (chunk: Buffer) => {
      raw += chunk.toString('latin1');
      answer = parseAnswer(raw);
      if (answer) resolve();
    });
    socket.once('close', () => resolve());
  });
  socket.on('error', () => undefined);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  const head = [
    `${item.method} ${target.pathname}${target.search} HTTP/1.1`,
    `host: ${target.host}`,
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    'transfer-encoding: chunked',
  ].join('\r\n');
  // A write waits for the socket to drain, or for the answer: a server that has answered stops reading the body,
  // and a client blocked on a full buffer would otherwise sit until the server's linger ends the connection.
  // Whichever comes first takes the other listener off: a body of many blocked writes would otherwise pile a
  // `close` listener per write on the socket (MaxListenersExceededWarning once a slow server makes ten wait).
  const write = (data: string | Buffer) =>
    new Promise<void>((resolve) => {
      if (socket.destroyed || !socket.write(data)) {
        const done = () => {
          socket.off('drain', done).off('close', done);
          resolve();
        };
        socket.once('drain', done).once('close', done);
        void answered.then(done);
      } else resolve();
    });
  await write(`${head}\r\n\r\n`);
  for (let offset = 0; offset < body.length && !answer && !socket.destroyed; offset += 65_536) {
    const chunk = body.subarray(offset, offset + 65_536);
    await write(Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from('\r\n')]));
  }
  if (!answer && !socket.destroyed) await write('0\r\n\r\n');
  const timeout = setTimeout(() => socket.destroy(), 30_000);
  await answered;
  clearTimeout(timeout);
  socket.destroy();
  if (!answer) throw new Error(`${label}: no answer (${raw.slice(0, 80)})`);
  return {
    label,
    status: answer.status,
    body: Buffer.from(answer.body, 'latin1').toString(),
    contentType: answer.contentType,
  };
}

/** Bodies above this size wait for an early answer to their head before they are sent. */
const LARGE_BODY_HEAD_START_MS = 2_000;
const LARGE_BODY_BYTES = 1024 * 1024;

function problemsOf(answer: Answer): string[] {
  if (answer.status >= 500) return [`${answer.label}: ${answer.status} ${answer.body.slice(0, 200)}`];
  if (answer.status < 400) return [];
  if (!answer.contentType.includes('application/json')) {
    return [`${answer.label}: ${answer.status} is not JSON (${answer.contentType})`];
  }
  let parsed: { code?: unknown; message?: unknown; error?: { code?: unknown; message?: unknown } };
  try {
    parsed = JSON.parse(answer.body);
  } catch {
    return [`${answer.label}: ${answer.status} body is not JSON`];
  }
  const code = parsed.error?.code ?? parsed.code;
  const message = parsed.error?.message ?? parsed.message;
  const problems: string[] = [];
  if (typeof code !== 'string' || code === '') problems.push(`${answer.label}: ${answer.status} has no code`);
  if (typeof message !== 'string' || !PORTUGUESE.test(message)) {
    problems.push(`${answer.label}: ${answer.status} message is not pt-BR: ${String(message).slice(0, 120)}`);
  }
  return problems;
}

async function fuzz(client: SessionClient, operations: Operation[]) {
  const answers: Answer[] = [];
  for (const operation of operations) {
    const cases = casesFor(operation);
    for (let i = 0; i < cases.length; i += 4) {
      answers.push(...(await Promise.all(cases.slice(i, i + 4).map((item) => send(client, item)))));
    }
  }
  return answers;
}

describe('malformed input', () => {
  it('never gets a 5xx from any endpoint in the API document, and every 4xx explains itself in pt-BR', async () => {
    const document = (await (await fetch(`${url}/api/openapi.json`)).json()) as {
      paths: Record<
        string,
        Record<
          string,
          {
            parameters?: { name: string; in: string }[];
            requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> };
          }
        >
      >;
    };
    const operations: Operation[] = [];
    for (const [route, methods] of Object.entries(document.paths)) {
      if (route.startsWith('/api/auth/')) continue; // Better Auth's routes: the next test, one by one.
      for (const [method, operation] of Object.entries(methods)) {
        const content = operation.requestBody?.content ?? {};
        const type = Object.keys(content)[0];
        operations.push({
          method: method.toUpperCase(),
          path: route,
          queryNames: (operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
          bodyType: type === 'multipart/form-data' ? 'multipart' : type ? 'json' : 'none',
          properties: Object.keys((type && content[type]?.schema.properties) ?? {}),
        });
      }
    }
    expect(operations.length).toBeGreaterThan(25);
    const answers = await fuzz(user, operations);
    expect(answers.length).toBeGreaterThan(1000);
    expect(answers.flatMap(problemsOf)).toEqual([]);
  }, 240_000);

  it('never gets a 5xx from the Better Auth routes the web uses, and their 4xx are pt-BR with a code', async () => {
    const answers = await fuzz(authUser, AUTH_OPERATIONS);
    expect(answers.length).toBeGreaterThan(500);
    expect(answers.flatMap(problemsOf)).toEqual([]);
  }, 240_000);

  it('never gets a 5xx from the local checkout and portal forms (/dev), and refuses U+0000 in any field', async () => {
    const forms: [string, string[]][] = [
      ['/dev/portal/cancel', ['subscriptionId']],
      ['/dev/portal/change-plan', ['subscriptionId', 'expectedPlanId', 'planId']],
      ['/dev/portal/advance', ['subscriptionId', 'periodEnd']],
      [`/dev/checkout/${randomUUID()}/pay`, []],
      [`/dev/checkout/${randomUUID()}/cancel`, []],
    ];
    const answers: Answer[] = [];
    for (const [path, fields] of forms) {
      for (const name of [...fields, 'extra']) {
        const form = new URLSearchParams(fields.map((field) => [field, 'x']));
        form.set(name, 'a\u0000b');
        const encoded = { 'content-type': 'application/x-www-form-urlencoded' };
        const nul = await send(user, {
          label: `NUL in ${name}`,
          method: 'POST',
          url: path,
          headers: encoded,
          body: form.toString(),
        });
        answers.push(nul);
        expect(nul.status, nul.label).toBe(400);
        const multipart = new FormData();
        for (const [field, value] of form) multipart.append(field, value);
        answers.push(
          await send(user, { label: `multipart NUL in ${name}`, method: 'POST', url: path, body: multipart }),
        );
      }
      const big = new URLSearchParams({ subscriptionId: 'x'.repeat(3 * 1024 * 1024) });
      answers.push(
        await send(user, {
          label: 'form of 3 MB, chunked',
          method: 'POST',
          url: path,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: big.toString(),
          chunked: true,
        }),
      );
    }
    expect(answers.filter((answer) => answer.status >= 500).map((answer) => answer.label)).toEqual([]);
  }, 120_000);

  it('leaves only JSON lines in the server output, none at error level', async () => {
    // A client that hangs up halfway through an upload, on a JSON endpoint and on the video form.
    for (const [target, type] of [
      ['/api/videos', 'multipart/form-data; boundary=zzz'],
      ['/api/me/profile', 'application/json'],
      ['/api/auth/sign-in/email', 'application/json'],
    ] as const) {
      const socket = net.connect(Number(new URL(url).port), '127.0.0.1');
      await new Promise((resolve) => socket.once('connect', resolve));
      socket.write(
        `${target === '/api/me/profile' ? 'PATCH' : 'POST'} ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
          `Origin: ${url}\r\nCookie: ${user.cookieHeader}\r\nContent-Type: ${type}\r\n` +
          'Content-Length: 1000000\r\n\r\n--zzz\r\nContent-Disposition: form-data; name="prompt"\r\n\r\n',
      );
      await new Promise((resolve) => setTimeout(resolve, 200));
      socket.destroy();
    }
    // Stop the server and read its pipes to their end: every line is then whole, and stdout's and stderr's are read
    // apart rather than interleaved by the chunk.
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    const lines = [server.stdout(), server.stderr()]
      .flatMap((output) => output.split('\n'))
      .filter((line) => line.trim() !== '');
    expect(lines.length).toBeGreaterThan(1000);
    const notJson: string[] = [];
    const errors: string[] = [];
    for (const line of lines) {
      let entry: { level?: number };
      try {
        entry = JSON.parse(line);
      } catch {
        notJson.push(line.slice(0, 200));
        continue;
      }
      if ((entry.level ?? 0) >= 50) errors.push(line.slice(0, 400));
    }
    expect(notJson).toEqual([]);
    expect(errors).toEqual([]);
  });
});
