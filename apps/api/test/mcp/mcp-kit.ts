import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { CallToolResultSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import path from 'node:path';
import { expect } from 'vitest';
import { API_DIR } from '../processes.js';
import type { SignedInOwner, TestApi } from '../testkit.js';

/** The stdio server's entry point, run from source (tsx) as a host would run the built `countersign-mcp`. */
export const MCP_BIN = path.resolve(API_DIR, '../../packages/mcp/src/bin.ts');

/** The tools the Countersign MCP server must offer, by their contract names. */
export const TOOL_NAMES = [
  'list_operations',
  'request_sign_off',
  'wait_for_decision',
  'get_sign_off',
  'list_my_sign_offs',
  'take_secret',
  'redeem_sign_off',
  'report_outcome',
  'list_authorities',
  'draw_authority',
  'publish_manifest',
];

/** An SDK client connected over `transport`. */
export async function connectClient(transport: Transport): Promise<Client> {
  const client = new Client({ name: 'countersign-test-host', version: '1.0.0' });
  await client.connect(transport);
  return client;
}

/** Calls a tool and answers its result, parsed as the SDK parses one. */
export async function call(client: Client, name: string, args: Record<string, unknown>): Promise<CallToolResult> {
  return CallToolResultSchema.parse(await client.callTool({ name, arguments: args }));
}

/** The structured answer of a tool call that must have succeeded. */
export function structured(result: CallToolResult): Record<string, unknown> {
  expect(result.isError ?? false, JSON.stringify(result.content)).toBe(false);
  expect(result.structuredContent).toBeDefined();
  return result.structuredContent!;
}

/** The text of a tool error: `CODE: message`. */
export function errorText(result: CallToolResult): string {
  expect(result.isError).toBe(true);
  const [first] = result.content;
  return first?.type === 'text' ? first.text : '';
}

/** Revokes an agent through GraphQL, as its owner would in the console. */
export async function revokeAgent(api: TestApi, owner: SignedInOwner, agentId: string): Promise<void> {
  const response = await api.graphql(
    'mutation($input: RevokeAgentInput!) { revokeAgent(input: $input) { __typename } }',
    { input: { id: agentId } },
    { cookie: owner.cookie },
  );
  expect(response.data?.revokeAgent?.__typename).toBe('AgentRevoked');
}

/**
 * The whole story an agent lives through, over whichever transport the
 * client uses: it finds every tool, asks to mint a token, its owner
 * approves through GraphQL while it waits, and it takes the token once.
 */
export async function askWaitAndTakeOnce(api: TestApi, owner: SignedInOwner, client: Client): Promise<void> {
  const { tools } = await client.listTools();
  expect(tools.map((tool) => tool.name).sort()).toEqual([...TOOL_NAMES].sort());
  for (const tool of tools) {
    expect(tool.inputSchema.type, tool.name).toBe('object');
    expect(tool.outputSchema?.type, tool.name).toBe('object');
    expect(tool.description?.length ?? 0, tool.name).toBeGreaterThan(80);
  }

  const repo = await api.repository(owner);
  const asked = structured(
    await call(client, 'request_sign_off', {
      op: 'repository.mintToken',
      repository: repo.name,
      input: { scopes: ['read'], ttlHours: 1 },
      summary: 'Read token for the docs build',
    }),
  );
  expect(asked).toMatchObject({ state: 'PENDING', existing: false });
  const id = String(asked.id);

  const waiting = call(client, 'wait_for_decision', { id, timeoutSeconds: 30 });
  await api.decide(owner.cookie, id, true);
  const decided = structured(await waiting);
  expect(decided).toMatchObject({ id, state: 'SUCCEEDED', decided: true });

  const listed = structured(await call(client, 'list_my_sign_offs', { state: 'SUCCEEDED' }));
  expect((listed.signOffs as { id: string }[]).map((signOff) => signOff.id)).toEqual([id]);

  const taken = structured(await call(client, 'take_secret', { id }));
  expect(taken).toMatchObject({ id, reason: null, secretState: 'TAKEN' });
  expect((taken.secret as { token?: string }).token).toMatch(/^cst_/);
  const again = structured(await call(client, 'take_secret', { id }));
  expect(again).toMatchObject({ id, secret: null, reason: 'TAKEN' });
}
