import { Counter, type Registry } from 'prom-client';

/**
 * The MCP server's counts (ADR 0063), per process like the HTTP metrics: handshakes — an assistant connecting,
 * counted as a "session" although the stateless server keeps none — and tool calls by tool and outcome. The tool
 * label is one of the server's tool names (an unknown name is refused before it is counted).
 */
export interface McpCounters {
  session(): void;
  toolCall(tool: string, outcome: 'ok' | 'error'): void;
}

export function createMcpCounters(registry: Registry): McpCounters {
  const sessions = new Counter({
    name: 'cena_mcp_sessions_total',
    help: 'MCP handshakes (initialized notifications) answered by this process: each is a client connecting.',
    registers: [registry],
  });
  const calls = new Counter({
    name: 'cena_mcp_tool_calls_total',
    help: 'MCP tool calls answered by this process, by tool and outcome (ok, or error: a tool error the model reads).',
    labelNames: ['tool', 'outcome'] as const,
    registers: [registry],
  });
  return {
    session: () => sessions.inc(),
    toolCall: (tool, outcome) => calls.inc({ tool, outcome }),
  };
}
