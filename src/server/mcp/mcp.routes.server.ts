import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
} from '@modelcontextprotocol/sdk/types.js';
import { type Handler, Hono, type MiddlewareHandler } from 'hono';
import { z } from 'zod';
import { apiKeyIdOf } from '#server/api-keys/api-keys.server';
import { type AppEnv, apiError } from '#server/kernel/errors.server';
import { fieldErrors, fieldMessages } from '#server/kernel/form-errors.server';
import { type AppFetch, apiCaller, type CenaApi } from './api-call.server';
import type { McpSessionStore } from './mcp-sessions.server';
import { type McpTool, type ToolAnswer, toolError } from './tool-answers.server';
import { MCP_TOOLS } from './tools.server';

/**
 * `/mcp`: Cena's MCP server on the Streamable HTTP transport (MCP specification 2025-06-18, basic/transports:
 * https://modelcontextprotocol.io/specification/2025-06-18/basic/transports#streamable-http), stateless: every POST
 * is answered by a server and transport made for it and closed after it, with JSON answers instead of an event
 * stream. The SDK's own guidance for servers behind a load balancer — "Stateless mode … any server node can process
 * any request" (typescript-sdk, src/examples/README.md, "Multi-Node Deployment") — fits Cena's several web
 * processes, and no tool needs the server to speak first. ADR 0063 says why.
 */

/** Counts for /metrics (metrics room): handshakes (an MCP "session", though none is kept) and tool calls. */
export interface McpObserver {
  session(): void;
  toolCall(tool: string, outcome: 'ok' | 'error'): void;
}

export interface McpRoutesOptions {
  appUrl: string;
  /** The origins of Cena's own pages: a request from any other browser origin is refused (DNS rebinding). */
  trustedOrigins: readonly string[];
  /**
   * The API key guard of the operations keys may call (api-keys room): a request with a valid key passes as its
   * user; a bad or revoked key is answered 401, an over-used one 429. Each tool's `/api` call passes it again, with
   * the scope its operation needs: a read-only key estimates, reads and lists, and is refused creating or sharing.
   */
  requireKey: MiddlewareHandler<AppEnv>;
  /** The app's own fetch: each tool calls its `/api` operation through it (api-call.server.ts). */
  fetchApp: AppFetch;
  observer?: McpObserver | undefined;
  /** Where sessions are written down for the admin's figures (mcp-sessions.server.ts); none: no session ids. */
  sessions?: McpSessionStore | undefined;
}

/** RFC 9728's well-known path for the resource `/mcp` (section 3.1: the resource's path after the well-known one). */
const MCP_RESOURCE_METADATA_PATH = '/.well-known/oauth-protected-resource/mcp';

/** A tool call's input is small text: a larger body is refused by the transport (413) before it is parsed. */
const MAX_BODY_BYTES = 64 * 1024;

const INSTRUCTIONS =
  'Cena faz vídeos curtos com IA, pagos com os créditos da conta. Estime o custo (estimate_cost) antes de criar; ' +
  'create_video reserva os créditos e devolve o id; acompanhe com get_video até o status Pronto (completed) e ' +
  'entregue o link de download ou o de compartilhar (share_video). Um vídeo que falha devolve os créditos. ' +
  'Para um filme de várias cenas: create_story planeja a partir da ideia (grátis), draft_story gera os rascunhos, ' +
  'get_story acompanha e finish_story faz a versão final e junta as cenas num filme legendado.';

/** Perfil → Desenvolvedores, where a key is made (src/web/features/developers). */
const KEY_PAGE_PATH = '/dashboard/developers';

const noKey = (origin: string) =>
  `Envie uma chave de API da Cena no cabeçalho Authorization: Bearer <chave>. Crie a chave em Perfil → Desenvolvedores: ${origin}${KEY_PAGE_PATH}`;

function inputJsonSchema(tool: McpTool): { type: 'object'; [key: string]: unknown } {
  const { $schema: _dialect, ...schema } = z.toJSONSchema(tool.input, {
    io: 'input',
    unrepresentable: 'any',
  });
  return { ...schema, type: 'object' };
}

const TOOL_LIST = MCP_TOOLS.map((tool) => ({
  name: tool.name,
  title: tool.title,
  description: tool.description,
  inputSchema: inputJsonSchema(tool),
  annotations: { title: tool.title, readOnlyHint: tool.scope === 'read', openWorldHint: false },
}));

/** One tool call: the input read by the operation's own schema, then the operation. */
async function callTool(tool: McpTool, sent: Record<string, unknown>, api: CenaApi): Promise<ToolAnswer> {
  const parsed = tool.input.safeParse(sent, { error: fieldMessages });
  if (!parsed.success) {
    const fields = fieldErrors(parsed.error);
    return toolError('invalid_request', Object.values(fields)[0] ?? 'Dados inválidos.', fields);
  }
  return tool.run(api, parsed.data, sent);
}

function mcpServer(api: CenaApi, observer: McpObserver | undefined): Server {
  const server = new Server(
    { name: 'cena', title: 'Cena', version: '1' },
    { capabilities: { tools: {} }, instructions: INSTRUCTIONS },
  );
  server.oninitialized = () => observer?.session();
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: TOOL_LIST }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const tool = MCP_TOOLS.find((candidate) => candidate.name === request.params.name);
    // An unknown tool is the client's protocol error, not the model's (specification, server/tools).
    if (!tool)
      throw new McpError(ErrorCode.InvalidParams, `Ferramenta desconhecida: ${request.params.name}.`);
    let answer: ToolAnswer;
    try {
      answer = await callTool(tool, request.params.arguments ?? {}, api);
    } catch {
      answer = toolError('internal_error', 'Erro interno. Tente novamente em instantes.');
    }
    observer?.toolCall(tool.name, answer.isError ? 'error' : 'ok');
    return answer;
  });
  return server;
}

/** One POST: a server and a transport made for it (stateless), and the session it names written down. */
function answerPost(options: McpRoutesOptions, origin: string): Handler<AppEnv> {
  return async (c) => {
    const api = apiCaller(options.fetchApp, c.req.raw, c.env, origin);
    const server = mcpServer(api, options.observer);
    const transport = new WebStandardStreamableHTTPServerTransport({
      enableJsonResponse: true,
      maxRequestBodySize: MAX_BODY_BYTES,
    });
    const { sessions } = options;
    const keyId = sessions ? apiKeyIdOf(c) : undefined;
    const sessionId = c.req.header('mcp-session-id');
    if (sessions && keyId && sessionId) await sessions.seen(sessionId, keyId);
    await server.connect(transport);
    try {
      // JSON answers: the response is whole when handleRequest resolves, so the server can close.
      const response = await transport.handleRequest(c.req.raw);
      // The server learns the client's name only from `initialize`: this request was the handshake. The
      // transport, stateless, names no session (it would then refuse every request another process made it
      // for); the id given here is only a label the client sends back, which the stateless transport ignores.
      if (sessions && keyId && response.ok && server.getClientVersion()) {
        response.headers.set('Mcp-Session-Id', await sessions.open(keyId));
      }
      return response;
    } finally {
      await server.close();
    }
  };
}

export function mcpRoutes(options: McpRoutesOptions): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const origin = new URL(options.appUrl).origin;
  const challenge = `Bearer realm="Cena", resource_metadata="${origin}${MCP_RESOURCE_METADATA_PATH}"`;

  // RFC 9728 §2: where an MCP client learns how to present a credential. Cena's keys are made in the app, not by
  // an OAuth authorization server, so none is named (ADR 0069 says why), and the document's human-readable page
  // (`resource_documentation`) is where a key is made. Served at the resource's own well-known path (RFC 9728
  // §3.1) and at the root one, which clients probe when a challenge names none.
  const metadata = {
    resource: `${origin}/mcp`,
    bearer_methods_supported: ['header'],
    scopes_supported: ['read', 'create'],
    resource_name: 'Cena',
    resource_documentation: `${origin}${KEY_PAGE_PATH}`,
  };
  app.get(MCP_RESOURCE_METADATA_PATH, (c) => c.json(metadata));
  app.get('/.well-known/oauth-protected-resource', (c) => c.json(metadata));

  // "Servers MUST validate the Origin header on all incoming connections to prevent DNS rebinding attacks"
  // (specification 2025-06-18, basic/transports, "Security Warning"); clients that are not browsers send none.
  const sameOrigin: MiddlewareHandler<AppEnv> = async (c, next) => {
    const sentOrigin = c.req.header('origin');
    if (sentOrigin !== undefined && !options.trustedOrigins.includes(sentOrigin)) {
      return apiError(c, 403, 'cross_site_request', 'Requisição recusada: origem não permitida.');
    }
    await next();
  };
  // Every 401 names the protected resource metadata in WWW-Authenticate (specification 2025-06-18,
  // basic/authorization, "Authorization Server Location"; RFC 9728 §5.1), the key guard's own included.
  const keyRequired: MiddlewareHandler<AppEnv> = async (c, next) => {
    if (!/^Bearer\s/i.test(c.req.header('authorization') ?? '')) {
      c.header('WWW-Authenticate', challenge);
      return apiError(c, 401, 'unauthorized', noKey(origin));
    }
    const refused = await options.requireKey(c, next);
    if (refused?.status === 401) refused.headers.set('WWW-Authenticate', challenge);
    return refused;
  };
  app.use('/mcp', sameOrigin, keyRequired);

  app.post('/mcp', answerPost(options, origin));

  // No event stream to open (GET), and a session ends by itself when left idle (DELETE): the transport spec
  // allows 405 for both.
  app.on(['GET', 'DELETE'], '/mcp', (c) => {
    c.header('Allow', 'POST');
    return apiError(
      c,
      405,
      'method_not_allowed',
      'Use POST: este servidor MCP não abre fluxo de eventos, e a sessão termina sozinha quando fica parada.',
    );
  });
  return app;
}
