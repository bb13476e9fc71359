import type { z } from 'zod';
import { videoPhaseOf } from '#shared/video-phase';
import type { VideoRequestView } from '#shared/video-request';
import type { ApiAnswer, CenaApi } from './api-call.server';

/**
 * One tool of Cena's MCP server (tools.server.ts, story-tools.server.ts). `scope` is what its operation asks of an
 * API key — the operation's own guard checks it — and marks the read-only tools for the client (`readOnlyHint`).
 */
export interface McpTool<Input extends z.ZodType = z.ZodType> {
  name: string;
  title: string;
  description: string;
  input: Input;
  scope: 'read' | 'create';
  /** `args` as the schema read them; `sent` as the client sent them (forms and queries travel as text). */
  run(api: CenaApi, args: z.output<Input>, sent: Record<string, unknown>): Promise<ToolAnswer>;
}

export const tool = <Input extends z.ZodType>(definition: McpTool<Input>): McpTool =>
  definition as unknown as McpTool;

/** 'Na fila', 'Gerando', 'Pronto', 'Falhou': the four phases people are told (ADR 0035). */
export const PHASE_LABEL = {
  queued: 'Na fila',
  generating: 'Gerando',
  ready: 'Pronto',
  failed: 'Falhou',
} as const;

/**
 * What a tool answers (MCP `CallToolResult`): a pt-BR sentence for the person, the API's JSON for the assistant.
 * A refusal is a tool error (`isError: true`), which the model reads and can act on, never a JSON-RPC error, which
 * ends the call (MCP specification 2025-06-18, server/tools, "Error Handling":
 * https://modelcontextprotocol.io/specification/2025-06-18/server/tools#error-handling).
 */
export interface ToolAnswer {
  [key: string]: unknown;
  content: { type: 'text'; text: string }[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

export function toolAnswer(text: string, body: Record<string, unknown>): ToolAnswer {
  return {
    content: [
      { type: 'text', text },
      { type: 'text', text: JSON.stringify(body) },
    ],
    structuredContent: body,
  };
}

/** A refusal: its pt-BR message first, then the code and each field's own message. */
export function toolError(code: string, message: string, fields?: Record<string, string>): ToolAnswer {
  const details = fields ? Object.entries(fields).map(([name, problem]) => `${name}: ${problem}`) : [];
  const text = details.length > 0 ? `${message} (${details.join('; ')})` : message;
  return {
    content: [{ type: 'text', text }],
    structuredContent: { error: { code, message, ...(fields ? { fields } : {}) } },
    isError: true,
  };
}

/** The API's refusal as the tool's. */
export function refusal(answer: Extract<ApiAnswer, { ok: false }>): ToolAnswer {
  return toolError(answer.code, answer.message, answer.fields);
}

const integer = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 0 });

/** 1234 → "1.234 créditos"; 1 → "1 crédito"; a negative count with the real minus sign (house style). */
export function credits(count: number): string {
  const figure = integer.format(count).replace(/^-/, '\u2212');
  return `${figure} ${Math.abs(count) === 1 ? 'crédito' : 'créditos'}`;
}

/** A video's phase as people are told it, its failure and, when ready, where to download it. */
export function videoLine(video: VideoRequestView, origin: string): string {
  const phase = PHASE_LABEL[videoPhaseOf(video.status)];
  const download = video.downloadUrl ? ` Baixar: ${new URL(video.downloadUrl, origin).href}` : '';
  const failure = video.errorMessage ? ` ${video.errorMessage}` : '';
  return `Vídeo ${video.id}: ${phase}.${failure}${download}`;
}
