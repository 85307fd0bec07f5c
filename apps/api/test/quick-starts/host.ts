import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { expect } from 'vitest';
import type { SignedInOwner, TestApi } from '../testkit.js';
import { Browser, consent, TestHost } from '../oauth/oauth-kit.js';
import type { QuickStartFolder } from './folder.js';

/*
 * An MCP host reading a quick start's configuration (`{"mcpServers": {…}}`),
 * as Claude Desktop or Cursor would: a `command` is spawned over stdio with
 * the `env` it names, a `type: "http"` server is reached at its `url`,
 * signing in with OAuth when it answers 401.
 */

interface ServerEntry {
  command?: string;
  args?: string[];
  env?: Record<string, string>;
  type?: string;
  url?: string;
}

/** The one server a configuration names. */
export function serverOf(config: string): ServerEntry {
  const servers = Object.values((JSON.parse(config) as { mcpServers: Record<string, ServerEntry> }).mcpServers);
  expect(servers).toHaveLength(1);
  return servers[0]!;
}

async function connected(transport: StdioClientTransport | StreamableHTTPClientTransport): Promise<Client> {
  const client = new Client({ name: 'quick-start-host', version: '1.0.0' });
  await client.connect(transport);
  return client;
}

/** Spawns a stdio server from the folder, with the folder's environment under the server's own `env`. */
export function connectStdio(folder: QuickStartFolder, server: ServerEntry): Promise<Client> {
  expect(server.command, 'a stdio server names its command').toBeTruthy();
  return connected(
    new StdioClientTransport({ command: server.command!, args: server.args ?? [], env: { ...folder.env(), ...server.env }, cwd: folder.dir, stderr: 'pipe' }),
  );
}

/**
 * Connects to an HTTP server the way an MCP host that speaks the
 * authorization spec does: the first attempt is refused, the host registers
 * and opens the owner's browser, where `owner` picks `agent`; the code comes
 * back and the second attempt carries the token.
 */
export async function connectWithOAuth(api: TestApi, server: ServerEntry, owner: SignedInOwner, agent: string): Promise<Client> {
  expect(server.type).toBe('http');
  const url = new URL(server.url!);
  const host = new TestHost('Quick start host');
  const first = new StreamableHTTPClientTransport(url, { authProvider: host });
  await expect(connected(first)).rejects.toBeInstanceOf(UnauthorizedError);
  const { redirect } = await consent(api, new Browser(owner), host.authorizationUrl!, { agent });
  await first.finishAuth(redirect.searchParams.get('code')!);
  return connected(new StreamableHTTPClientTransport(url, { authProvider: host }));
}
