import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { GateConfig } from './config.js';
import { isGated, operationFor, operationSchema, riskOf, type UpstreamTool } from './tools.js';

export interface GateInitOptions {
  config: GateConfig;
  command: string;
  args: string[];
  /** The Countersign server (origin or `/graphql`). */
  url: string;
  /** An owner API token with the admin scope: defining operations is the owner's, never the agent's. */
  ownerToken: string;
  fetch?: typeof fetch;
}

export interface InitLine {
  tool: string;
  op: string;
  version: number;
  created: boolean;
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
export async function gateInit({ config, command, args, url, ownerToken, fetch: fetchImpl = fetch }: GateInitOptions): Promise<InitLine[]> {
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
      const input = {
        op,
        summary: (tool.title ?? tool.annotations?.title ?? `${tool.name} (${server})`).slice(0, 200),
        description,
        inputSchema: operationSchema(tool),
        risk: riskOf(tool, config),
        runner: 'AGENT',
        irreversible: tool.annotations?.destructiveHint === true,
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
      lines.push({ tool: tool.name, op, version: defined.operation.version, created: defined.created === true });
    }
    return lines;
  } finally {
    await upstream.close();
  }
}
