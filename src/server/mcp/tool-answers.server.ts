import type { ApiAnswer } from './api-call.server';

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
