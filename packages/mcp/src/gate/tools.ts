import type { GateConfig, Risk } from './config.js';

/** What the gate needs of an upstream tool (a subset of MCP's `Tool`). */
export interface UpstreamTool {
  name: string;
  title?: string;
  description?: string;
  inputSchema: Record<string, unknown>;
  annotations?: { readOnlyHint?: boolean; destructiveHint?: boolean; title?: string };
}

/** One op segment: lower case, anything outside the op pattern replaced by `-`, starting with a letter. */
function segment(text: string): string {
  const cleaned = text.toLowerCase().replace(/[^a-z0-9_-]/g, '-');
  return /^[a-z0-9_-]+$/.test(cleaned) && cleaned !== '' ? cleaned : 'x';
}

/** The operation that gates `tool` of `server`: `mcp.<server>.<tool>`, each part cut so the whole fits the 100 characters an op may have. */
export function operationFor(server: string, tool: string): string {
  return `mcp.${segment(server).slice(0, 40)}.${segment(tool).slice(0, 55)}`;
}

function globToRegExp(glob: string): RegExp {
  return new RegExp(
    `^${glob
      .replace(/[.+^${}()|[\]\\]/g, '\\$&')
      .replace(/\*/g, '.*')
      .replace(/\?/g, '.')}$`,
  );
}

/** Whether calls to `tool` need a sign-off under `config`. */
export function isGated(tool: UpstreamTool, config: GateConfig): boolean {
  const gate = config.gate;
  if (Array.isArray(gate)) return gate.some((entry) => globToRegExp(entry).test(tool.name));
  if (gate === 'annotations') return tool.annotations?.destructiveHint === true || tool.annotations?.readOnlyHint === false;
  return tool.annotations?.readOnlyHint !== true;
}

export function riskOf(tool: UpstreamTool, config: GateConfig): Risk {
  return config.risk?.[tool.name] ?? (tool.annotations?.destructiveHint === true ? 'HIGH' : 'MEDIUM');
}

/**
 * The input schema the operation is defined with: the tool's own, marked
 * draft-07 when it names no draft (MCP publishes draft-07 schemas). `gate
 * init` defines it and a call compares against it, so both read it here.
 */
export function operationSchema(tool: UpstreamTool): Record<string, unknown> {
  return { $schema: 'http://json-schema.org/draft-07/schema#', ...tool.inputSchema };
}

/** The one-line summary the owner reads: the config's template, filled in, or a default. */
export function summaryOf(tool: UpstreamTool, server: string, config: GateConfig, args: Record<string, unknown>): string {
  const template = config.summary?.[tool.name] ?? `Call ${tool.name} on ${server}`;
  const filled = template.replace(/\{(tool|server|args\.([A-Za-z0-9_$-]+))\}/g, (_match, key: string, field: string | undefined) => {
    if (key === 'tool') return tool.name;
    if (key === 'server') return server;
    const value = args[field!];
    return typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
  });
  return filled.slice(0, 200) || `Call ${tool.name}`;
}
