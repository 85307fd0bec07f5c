import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { GateConfig, Risk } from './config.js';
import { isGated, operationFor, operationSchema, riskOf, type UpstreamTool } from './tools.js';

export interface GateInitOptions {
  config: GateConfig;
  command: string;
  args: string[];
  /** The Countersign server (origin or `/graphql`). */
  url: string;
  /** An owner API token with the admin scope: defining operations is the owner's, never the agent's. */
  ownerToken: string;
  /**
   * Asked once per gated tool whose risk neither `--risk` nor the config
   * names (the CLI asks on a TTY); answers the risk to declare. Absent: the
   * default (HIGH for a destructive tool, MEDIUM otherwise).
   */
  ask?: (tool: UpstreamTool, destructive: boolean, suggested: Risk) => Promise<Risk>;
  fetch?: typeof fetch;
}

export interface InitLine {
  tool: string;
  op: string;
  version: number;
  created: boolean;
  /** Marked `destructiveHint: true`: defined irreversible, which the server always treats as HIGH (S15). */
  destructive: boolean;
  /** The risk declared for the operation. */
  risk: Risk;
  /** The risk its requests are stored with: HIGH when destructive, whatever was declared. */
  effectiveRisk: Risk;
}

/** What approving a request of each risk needs (docs/sign-offs.md, S16 and S17). */
export const APPROVAL_NEEDS: Record<Risk, string> = {
  LOW: 'any owner decision (a DECIDE token, a batch, a standing rule)',
  MEDIUM: 'one owner decision (console or a DECIDE token); no batch',
  HIGH: 'the console with the password entered in the last 10 minutes; no owner token, batch or rule',
};

/** The table `gate init` prints: one row per gated tool, with what approving it needs. */
export function initTable(lines: InitLine[]): string {
  const rows = [
    ['tool', 'destructive', 'risk', 'approving needs'],
    ...lines.map((line) => [
      line.tool,
      line.destructive ? 'yes' : 'no',
      line.effectiveRisk === line.risk ? line.risk : `${line.effectiveRisk} (declared ${line.risk}; destructive is always HIGH)`,
      APPROVAL_NEEDS[line.effectiveRisk],
    ]),
  ];
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows.map((row) => row.map((cell, column) => (column === row.length - 1 ? cell : cell.padEnd(widths[column]!))).join('  ')).join('\n');
}

const DEFINE = `mutation($input: DefineOperationInput!) {
  defineOperation(input: $input) { ... on OperationDefined { created operation { op version } } }
}`;

/**
 * `countersign-mcp gate init`: run by the owner. Lists the upstream server's
 * tools and defines one AGENT operation per gated tool (`mcp.<server>.<tool>`,
 * the tool's own input schema). Defining unchanged content again returns
 * the same version, so running it again with unchanged tools changes nothing.
 */
export async function gateInit({ config, command, args, url, ownerToken, ask, fetch: fetchImpl = fetch }: GateInitOptions): Promise<InitLine[]> {
  const upstream = new Client({ name: 'countersign-gate-init', version: '0.1.0' });
  await upstream.connect(new StdioClientTransport({ command, args, stderr: 'inherit' }));
  try {
    const server = config.server ?? upstream.getServerVersion()?.name ?? 'server';
    const tools = (await upstream.listTools()).tools as UpstreamTool[];
    const endpoint = new URL(url.replace(/\/+$/, '').endsWith('/graphql') ? url : `${url.replace(/\/+$/, '')}/graphql`);
    const lines: InitLine[] = [];
    for (const tool of tools.filter((candidate) => isGated(candidate, config))) {
      const op = operationFor(server, tool.name);
      const description = tool.description?.trim().slice(0, 4000) || null;
      const destructive = tool.annotations?.destructiveHint === true;
      const risk = ask && config.risk?.[tool.name] === undefined ? await ask(tool, destructive, riskOf(tool, config)) : riskOf(tool, config);
      const input = {
        op,
        summary: (tool.title ?? tool.annotations?.title ?? `${tool.name} (${server})`).slice(0, 200),
        description,
        inputSchema: operationSchema(tool),
        risk,
        runner: 'AGENT',
        irreversible: destructive,
      };
      const response = await fetchImpl(endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${ownerToken}` },
        body: JSON.stringify({ query: DEFINE, variables: { input } }),
      });
      const body = (await response.json()) as {
        data?: { defineOperation?: { created?: boolean; operation?: { op: string; version: number } } } | null;
        errors?: { message: string; extensions?: { code?: string } }[];
      };
      const defined = body.data?.defineOperation;
      if (body.errors?.length || !defined?.operation) {
        const error = body.errors?.[0];
        throw new Error(
          `defining ${op} for ${tool.name} failed: ${error ? `${error.extensions?.code ?? 'ERROR'}: ${error.message}` : `HTTP ${response.status}`}`,
        );
      }
      lines.push({
        tool: tool.name,
        op,
        version: defined.operation.version,
        created: defined.created === true,
        destructive,
        risk,
        effectiveRisk: destructive ? 'HIGH' : risk,
      });
    }
    return lines;
  } finally {
    await upstream.close();
  }
}
