import { randomUUID } from 'node:crypto';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { balance } from '#server/credits/credits.server';
import type { Story } from '#shared/stories';
import { type DiskApp, startDiskApp, stopDiskApp } from '#tests/support/app';
import type { SessionClient } from '#tests/support/session-client';
import { signedUpWithCredits } from '#tests/support/users';

/**
 * The acceptance of the MCP server (ADR 0063) on the real server in local mode: the official SDK's client, over
 * HTTP, with API keys made in Perfil → Desenvolvedores' operation, estimates, creates a Fast video and reads it to
 * `completed`, the credits falling by the Fast price once; without a key 401; a read-only key cannot create; bad
 * input is a tool error in pt-BR; /metrics counts the handshakes and tool calls.
 */

const METRICS_TOKEN = 'metrics-token-mcp-0123456789abcdef';
let running: Partial<DiskApp> = {};
let owner: SessionClient;

beforeAll(async () => {
  running = await startDiskApp('cena-mcp-', {
    LOCAL_RENDER_DELAY_MS: '0',
    STORY_ADVANCE_INTERVAL_MS: '200',
    METRICS_TOKEN,
  });
  const { app, pool } = running as DiskApp;
  ({ client: owner } = await signedUpWithCredits(app.url, pool, 30));
});
afterAll(async () => {
  await stopDiskApp(running);
});

async function newKey(scopes: string[], by: SessionClient = owner): Promise<string> {
  const made = await by.json<{ apiKey: { token: string } }>('/api/me/api-keys', {
    method: 'POST',
    json: { name: `mcp ${scopes.join('+')}`, scopes },
  });
  expect(made.status).toBe(201);
  return made.body.apiKey.token;
}

async function connect(token: string): Promise<Client> {
  const client = new Client({ name: 'cena-mcp-test', version: '1' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL('/mcp', running.app?.url), {
      requestInit: { headers: { Authorization: `Bearer ${token}` } },
    }),
  );
  return client;
}

type ToolResult = Awaited<ReturnType<Client['callTool']>>;
const text = (result: ToolResult) =>
  (result.content as { text: string }[]).map((part) => part.text).join('\n');
/** The pt-BR sentence for the person, without the API's JSON that follows it. */
const sentence = (result: ToolResult) => (result.content as { text: string }[])[0]?.text;

it('with a key, an assistant estimates, creates a Fast video and reads it to completed; the balance falls once', async () => {
  const mcp = await connect(await newKey(['read', 'create']));
  try {
    expect((await mcp.listTools()).tools).toHaveLength(10);
    const estimate = await mcp.callTool({ name: 'estimate_cost', arguments: { quality: 'fast' } });
    expect(estimate.structuredContent).toEqual({
      credits: 10,
      balance: 30,
      balanceAfter: 20,
      enough: true,
      modeAvailable: true,
    });

    const args = {
      prompt: 'Um farol numa noite de tempestade, ondas batendo nas pedras',
      quality: 'fast',
      aspectRatio: '16:9',
      clientKey: randomUUID(),
    };
    const created = await mcp.callTool({ name: 'create_video', arguments: args });
    expect(created.isError, text(created)).toBeFalsy();
    const id = (created.structuredContent as { request: { id: string } }).request.id;
    // The assistant retries the same call: the same request, no second hold.
    const again = await mcp.callTool({ name: 'create_video', arguments: args });
    expect((again.structuredContent as { request: { id: string } }).request.id).toBe(id);

    let video: ToolResult | undefined;
    await expect
      .poll(
        async () => {
          video = await mcp.callTool({ name: 'get_video', arguments: { id } });
          return (video.structuredContent as { request: { status: string } }).request.status;
        },
        { timeout: 60_000, interval: 500 },
      )
      .toBe('completed');
    expect(text(video as ToolResult)).toMatch(/^Vídeo .*: Pronto\. Baixar: http/);

    const balance = await mcp.callTool({ name: 'get_balance', arguments: {} });
    expect(balance.structuredContent).toMatchObject({ balance: 20 });
    const listed = await mcp.callTool({ name: 'list_videos', arguments: {} });
    expect((listed.structuredContent as { total: number }).total).toBe(1);
    const shared = await mcp.callTool({ name: 'share_video', arguments: { id } });
    expect(text(shared)).toMatch(/^Link público: http.*\/v\//);
  } finally {
    await mcp.close();
  }
});

it('answers 401 without a key, and a read-only key cannot create; bad input is a tool error in pt-BR', async () => {
  const url = `${running.app?.url}/mcp`;
  const anonymous = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
  });
  expect(anonymous.status).toBe(401);
  expect(anonymous.headers.get('www-authenticate')).toContain('resource_metadata="http://127.0.0.1:');
  const revokedOrMadeUp = await fetch(url, { method: 'POST', headers: { Authorization: 'Bearer cena_x' } });
  expect(revokedOrMadeUp.status).toBe(401);

  const reader = await connect(await newKey(['read']));
  try {
    const refused = await reader.callTool({
      name: 'create_video',
      arguments: {
        prompt: 'Um gato laranja no telhado',
        quality: 'fast',
        aspectRatio: '1:1',
        clientKey: randomUUID(),
      },
    });
    expect(refused.isError).toBe(true);
    expect(refused.structuredContent).toMatchObject({ error: { code: 'api_key_scope' } });
    expect(text(refused)).toContain('Esta chave só pode ler.');
    const estimate = await reader.callTool({ name: 'estimate_cost', arguments: { quality: 'quality' } });
    expect(estimate.isError).toBeFalsy();

    const malformed = await reader.callTool({ name: 'get_video', arguments: { id: 42 } });
    expect(malformed.isError).toBe(true);
    expect(text(malformed)).toBe('Valor inválido. (id: Valor inválido.)');
  } finally {
    await reader.close();
  }

  const metrics = await (
    await fetch(`${running.app?.url}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } })
  ).text();
  expect(metrics).toMatch(/^cena_mcp_sessions_total [2-9]/m);
  expect(metrics).toContain('cena_mcp_tool_calls_total{tool="create_video",outcome="ok"} 2');
  expect(metrics).toContain('cena_mcp_tool_calls_total{tool="create_video",outcome="error"} 1');
});

it('with a key, an assistant plans a story, drafts it, reads it to review and finishes it; bad input in pt-BR', async () => {
  const { app, pool } = running as DiskApp;
  const { client: writer, userId } = await signedUpWithCredits(app.url, pool, 200);
  const mcp = await connect(await newKey(['read', 'create'], writer));
  try {
    const short = await mcp.callTool({ name: 'create_story', arguments: { idea: 'Curta' } });
    expect(short.isError).toBe(true);
    expect(text(short)).toContain('Conte a ideia com pelo menos 10 caracteres.');

    const planned = await mcp.callTool({
      name: 'create_story',
      arguments: {
        idea: 'Um barco de pesca sai do porto ao amanhecer. O pescador puxa a rede cheia. O barco volta ao pôr do sol.',
        targetSeconds: 15,
      },
    });
    expect(planned.isError, text(planned)).toBeFalsy();
    const story = (planned.structuredContent as { story: Story }).story;
    expect(text(planned)).toContain(`Rascunhos em 360p: ${story.price.draft.credits} créditos.`);
    expect(await balance(pool, userId)).toBe(200);

    const draftArgs = { id: story.id, clientKey: randomUUID() };
    const drafted = await mcp.callTool({ name: 'draft_story', arguments: draftArgs });
    expect(drafted.isError, text(drafted)).toBeFalsy();
    expect(sentence(drafted)).toBe(
      `Rascunhos pedidos para ${story.shots.length} cenas: ${story.price.draft.credits} créditos reservados.`,
    );
    // The assistant retries the same call: the same drafts, no second hold.
    expect((await mcp.callTool({ name: 'draft_story', arguments: draftArgs })).isError).toBeFalsy();
    expect(await balance(pool, userId)).toBe(200 - story.price.draft.credits);

    await expect
      .poll(async () => text(await mcp.callTool({ name: 'get_story', arguments: { id: story.id } })), {
        timeout: 60_000,
        interval: 500,
      })
      .toMatch(/^Roteiro .*: Revisão\. Cena 1: Pronto\./);

    const finished = await mcp.callTool({
      name: 'finish_story',
      arguments: { id: story.id, quality: 'fast', clientKey: randomUUID() },
    });
    expect(finished.isError, text(finished)).toBeFalsy();
    expect(sentence(finished)).toMatch(
      /^Finalização pedida\. Filme .*: Na fila\. Acompanhe com get_story\.$/,
    );
    expect(await balance(pool, userId)).toBe(200 - story.price.draft.credits - story.price.fast.credits);
    const read = await mcp.callTool({ name: 'get_story', arguments: { id: story.id } });
    expect(text(read)).toMatch(/^Roteiro .*: (Finalizando|Pronto)\./);

    const missing = await mcp.callTool({ name: 'get_story', arguments: { id: randomUUID() } });
    expect(missing.structuredContent).toMatchObject({ error: { code: 'not_found' } });
    expect(text(missing)).toBe('Roteiro não encontrado entre os seus.');
  } finally {
    await mcp.close();
  }
});
