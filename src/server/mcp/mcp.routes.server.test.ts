import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Hono } from 'hono';
import { requestId } from 'hono/request-id';
import { afterEach, describe, expect, it } from 'vitest';
import { type AppEnv, apiError } from '#server/kernel/errors.server';
import { createLogger } from '#server/logger.server';
import { VIDEO_QUALITIES } from '#shared/catalogue';
import { type McpObserver, mcpRoutes } from './mcp.server';

/**
 * `/mcp` over a stand-in of `/api` that answers as the real operations do (their contracts' shapes and codes), with
 * the official SDK's client on the Streamable HTTP transport: what the MCP layer adds — the key's challenge, scopes,
 * input read by the shared schemas, refusals as tool errors — apart from the operations it calls (mcp.server.test.ts
 * runs them for real).
 */

const APP_URL = 'http://cena.test';
const KEYS: Record<string, string[]> = { cena_read_key: ['read'], cena_create_key: ['read', 'create'] };
const keyOf = (authorization: string | undefined) =>
  KEYS[/^Bearer (\S+)$/.exec(authorization ?? '')?.[1] ?? ''];

interface Stand {
  app: Hono<AppEnv>;
  /** The `/api` requests the tools made: method, path, and the form or query they sent. */
  calls: { method: string; path: string; sent: Record<string, unknown> }[];
  counts: { sessions: number; tools: string[] };
}

function standIn(createAnswer: { status: 201 | 402; body: unknown }): Stand {
  const calls: Stand['calls'] = [];
  const counts: Stand['counts'] = { sessions: 0, tools: [] };
  const observer: McpObserver = {
    session: () => {
      counts.sessions += 1;
    },
    toolCall: (tool, outcome) => counts.tools.push(`${tool}:${outcome}`),
  };
  const logger = createLogger('silent');
  const app = new Hono<AppEnv>();
  app.use(requestId());
  app.use(async (c, next) => {
    c.set('logger', logger);
    await next();
  });
  app.use('/api/*', async (c, next) => {
    const form =
      c.req.method === 'POST'
        ? await c.req.raw
            .clone()
            .formData()
            .catch(() => undefined)
        : undefined;
    const sent = form
      ? Object.fromEntries([...form.keys()].map((key) => [key, form.getAll(key)]))
      : c.req.query();
    calls.push({ method: c.req.method, path: c.req.path, sent });
    await next();
  });
  // The key guard of the operations that create (api-keys room): a read-only key is refused with its 403.
  app.post('/api/*', async (c, next) => {
    if (!keyOf(c.req.header('authorization'))?.includes('create')) {
      return apiError(c, 403, 'api_key_scope', 'Esta chave só pode ler.');
    }
    await next();
  });
  app.get('/api/credits', (c) =>
    c.json({ balance: 25, expiringSoon: { total: 10, daysLeft: 3 }, grants: [], entries: [] }),
  );
  app.get('/api/videos/estimate', (c) =>
    c.req.query('clipSeconds') === '9'
      ? c.json(
          {
            error: {
              code: 'invalid_request',
              message: 'Este modo faz vídeos de 4, 6, 8 segundos.',
              fields: { clipSeconds: 'Este modo faz vídeos de 4, 6, 8 segundos.' },
            },
          },
          400,
        )
      : c.json({ credits: 20, balance: 25, balanceAfter: 5, enough: true, modeAvailable: true }),
  );
  app.post('/api/videos', (c) => c.json(createAnswer.body as object, createAnswer.status));
  app.route(
    '/',
    mcpRoutes({
      appUrl: APP_URL,
      trustedOrigins: [APP_URL],
      requireKey: async (c, next) => {
        if (!keyOf(c.req.header('authorization'))) {
          return apiError(c, 401, 'invalid_api_key', 'Chave de API inválida ou revogada.');
        }
        await next();
      },
      fetchApp: (request, env) => app.fetch(request, env),
      observer,
    }),
  );
  return { app, calls, counts };
}

const clients: Client[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
});

async function connect(stand: Stand, token: string): Promise<Client> {
  const client = new Client({ name: 'cena-test', version: '1' });
  const transport = new StreamableHTTPClientTransport(new URL('/mcp', APP_URL), {
    requestInit: { headers: { Authorization: `Bearer ${token}` } },
    fetch: async (url, init) => stand.app.fetch(new Request(url, init)),
  });
  await client.connect(transport);
  clients.push(client);
  return client;
}

const text = (result: Awaited<ReturnType<Client['callTool']>>) =>
  (result.content as { type: string; text: string }[]).map((part) => part.text).join('\n');

const VALID_CREATE = {
  prompt: 'Um gato laranja atravessa a rua ao pôr do sol',
  quality: 'fast',
  aspectRatio: '9:16',
  clipSeconds: '8',
  clientKey: '0b6f0e4e-8a53-4c2a-9d3e-6f1c2a7b9e10',
};

describe('/mcp', () => {
  it('lists the ten tools, each input the JSON Schema of the shared schema the API reads', async () => {
    const stand = standIn({ status: 201, body: {} });
    const client = await connect(stand, 'cena_read_key');
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual([
      'estimate_cost',
      'create_video',
      'get_video',
      'list_videos',
      'get_balance',
      'share_video',
      'create_story',
      'draft_story',
      'get_story',
      'finish_story',
    ]);
    // POST /api/stories' own schema: only the idea is required (the ratio and length have defaults).
    expect(tools.find((tool) => tool.name === 'create_story')?.inputSchema.required).toEqual(['idea']);
    expect(tools.find((tool) => tool.name === 'finish_story')?.inputSchema.required).toEqual([
      'quality',
      'clientKey',
      'id',
    ]);
    expect(tools.find((tool) => tool.name === 'get_story')?.annotations?.readOnlyHint).toBe(true);
    const create = tools.find((tool) => tool.name === 'create_video')?.inputSchema;
    expect(create?.required).toEqual(['prompt', 'quality', 'aspectRatio', 'clientKey']);
    expect(create?.properties?.quality).toMatchObject({ enum: [...VIDEO_QUALITIES] });
    expect(tools.find((tool) => tool.name === 'get_balance')?.annotations?.readOnlyHint).toBe(true);
    expect(stand.counts.sessions).toBe(1);
  });

  it('answers a request without a key 401, naming its protected resource metadata', async () => {
    const stand = standIn({ status: 201, body: {} });
    const answer = await stand.app.request('/mcp', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(answer.status).toBe(401);
    expect(answer.headers.get('WWW-Authenticate')).toBe(
      `Bearer realm="Cena", resource_metadata="${APP_URL}/.well-known/oauth-protected-resource/mcp"`,
    );
    expect(await answer.json()).toMatchObject({
      error: {
        code: 'unauthorized',
        message: expect.stringContaining(`Perfil → Desenvolvedores: ${APP_URL}/dashboard/developers`),
      },
    });
    const metadata = await stand.app.request('/.well-known/oauth-protected-resource/mcp');
    const document = await metadata.json();
    expect(document).toMatchObject({
      resource: `${APP_URL}/mcp`,
      bearer_methods_supported: ['header'],
      // No authorization server (ADR 0069): the page where a key is made is the resource's documentation.
      resource_documentation: `${APP_URL}/dashboard/developers`,
    });
    expect(document).not.toHaveProperty('authorization_servers');
    // The root well-known path, which clients probe when a challenge names no metadata URL.
    const atRoot = await stand.app.request('/.well-known/oauth-protected-resource');
    expect(await atRoot.json()).toEqual(document);
    const badKey = await stand.app.request('/mcp', {
      method: 'POST',
      headers: { Authorization: 'Bearer not_a_key' },
    });
    expect(badKey.status).toBe(401);
    expect(badKey.headers.get('WWW-Authenticate')).toContain('resource_metadata=');
    await expect(connect(stand, 'not_a_key')).rejects.toMatchObject({ code: 401 });
  });

  it('refuses a browser origin other than Cena’s (DNS rebinding) before reading the key', async () => {
    const stand = standIn({ status: 201, body: {} });
    const answer = await stand.app.request('/mcp', {
      method: 'POST',
      headers: { Origin: 'http://evil.test', Authorization: 'Bearer cena_create_key' },
      body: '{}',
    });
    expect(answer.status).toBe(403);
  });

  it('estimates through GET /api/videos/estimate with the query as sent, charging nothing', async () => {
    const stand = standIn({ status: 201, body: {} });
    const client = await connect(stand, 'cena_read_key');
    const result = await client.callTool({
      name: 'estimate_cost',
      arguments: { quality: 'fast', clipSeconds: '8', variations: '2' },
    });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toEqual({
      credits: 20,
      balance: 25,
      balanceAfter: 5,
      enough: true,
      modeAvailable: true,
    });
    expect(text(result)).toContain('Custo: 20 créditos. Saldo: 25 créditos; depois do pedido: 5 créditos.');
    expect(stand.calls).toEqual([
      {
        method: 'GET',
        path: '/api/videos/estimate',
        sent: { quality: 'fast', clipSeconds: '8', variations: '2' },
      },
    ]);
    const tooLong = await client.callTool({
      name: 'estimate_cost',
      arguments: { quality: 'fast', clipSeconds: '9' },
    });
    expect(tooLong.isError).toBe(true);
    expect(text(tooLong)).toContain('Este modo faz vídeos de 4, 6, 8 segundos.');
  });

  it('passes the API’s refusal of a read-only key on as a tool error: it cannot create or share', async () => {
    const stand = standIn({ status: 201, body: {} });
    const client = await connect(stand, 'cena_read_key');
    for (const [name, args] of [
      ['create_video', VALID_CREATE],
      ['share_video', { id: '0b6f0e4e-8a53-4c2a-9d3e-6f1c2a7b9e10' }],
    ] as const) {
      const result = await client.callTool({ name, arguments: args });
      expect(result.isError).toBe(true);
      expect(result.structuredContent).toEqual({
        error: { code: 'api_key_scope', message: 'Esta chave só pode ler.' },
      });
    }
    expect(stand.counts.tools).toEqual(['create_video:error', 'share_video:error']);
  });

  it('answers malformed input with a tool error in pt-BR, field by field, before calling the API', async () => {
    const stand = standIn({ status: 201, body: {} });
    const client = await connect(stand, 'cena_create_key');
    const result = await client.callTool({
      name: 'create_video',
      arguments: { prompt: 'curto', quality: 'ultra', clientKey: 'x', image: 'data:' },
    });
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toEqual({
      error: {
        code: 'invalid_request',
        message: 'Muito curto',
        fields: {
          prompt: 'Muito curto',
          quality: 'Escolha um modo válido: Rascunho, Fast ou Quality.',
          aspectRatio: 'Escolha uma proporção válida.',
          clientKey: 'Chave de envio inválida.',
          image: 'Campo não permitido.',
        },
      },
    });
    expect(stand.calls).toEqual([]);
  });

  it('creates through POST /api/videos with the form as sent, and passes the API’s refusal on in pt-BR', async () => {
    const created = standIn({
      status: 201,
      body: {
        request: { id: 'r1', status: 'pending', creditsUsed: 10 },
        group: [{ id: 'r1', creditsUsed: 10 }],
      },
    });
    const client = await connect(created, 'cena_create_key');
    const result = await client.callTool({ name: 'create_video', arguments: VALID_CREATE });
    expect(text(result)).toContain('Pedido criado (r1): 10 créditos reservados. Status: Na fila.');
    expect(created.calls).toEqual([
      {
        method: 'POST',
        path: '/api/videos',
        sent: Object.fromEntries(Object.entries(VALID_CREATE).map(([key, value]) => [key, [value]])),
      },
    ]);

    const refused = standIn({
      status: 402,
      body: { error: { code: 'insufficient_credits', message: 'Créditos insuficientes.' } },
    });
    const poor = await connect(refused, 'cena_create_key');
    const answer = await poor.callTool({ name: 'create_video', arguments: VALID_CREATE });
    expect(answer.isError).toBe(true);
    expect(answer.structuredContent).toEqual({
      error: { code: 'insufficient_credits', message: 'Créditos insuficientes.' },
    });
  });

  it('answers GET and DELETE 405: stateless, it opens no stream and keeps no session', async () => {
    const stand = standIn({ status: 201, body: {} });
    for (const method of ['GET', 'DELETE']) {
      const answer = await stand.app.request('/mcp', {
        method,
        headers: { Authorization: 'Bearer cena_read_key' },
      });
      expect(answer.status).toBe(405);
      expect(answer.headers.get('Allow')).toBe('POST');
    }
  });
});
