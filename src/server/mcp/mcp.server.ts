/**
 * The mcp room's entry file (ADR 0003, ADR 0057): what other rooms and the composition root use of it — `/mcp`, the
 * MCP server an AI assistant makes videos with, on the user's API key (ADR 0063). Other rooms import this file,
 * never one inside the room (biome.json).
 */
export type { McpObserver } from './mcp.routes.server';
export { mcpRoutes } from './mcp.routes.server';
export { mcpSessionCounts, mcpSessionStore } from './mcp-sessions.server';
