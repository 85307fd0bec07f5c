#!/usr/bin/env node
import { CountersignAgent, isCountersignError } from '@countersign/client';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { gateCommand } from './gate/cli.js';
import { createCountersignMcpServer } from './server.js';

/*
 * `countersign-mcp`: the Countersign MCP server over stdio, for an MCP host
 * that starts it as a child process. stdout carries the protocol and nothing
 * else; anything for a human goes to stderr. A configuration that cannot
 * work (a variable missing, a key the server refuses, a server that cannot
 * be reached) fails here, at start, with one line and exit code 1, rather
 * than as an error on the model's first tool call.
 */

/** Ends the process with one line on stderr: what is wrong and what to set. */
function fail(message: string): never {
  process.stderr.write(`countersign-mcp: ${message}\n`);
  process.exit(1);
}

async function main(): Promise<void> {
  const [command, ...rest] = process.argv.slice(2);
  if (command === 'gate') {
    process.exitCode = await gateCommand(rest);
    return;
  }
  if (command !== undefined) {
    fail(`unexpected argument "${command}"; the server is configured by COUNTERSIGN_URL and COUNTERSIGN_AGENT_KEY alone (or run "countersign-mcp gate …").`);
  }
  const url = process.env.COUNTERSIGN_URL?.trim();
  const key = process.env.COUNTERSIGN_AGENT_KEY?.trim();
  if (!url) fail('COUNTERSIGN_URL is not set; set it to your Countersign server (e.g. https://countersign.example).');
  if (!key) fail("COUNTERSIGN_AGENT_KEY is not set; set it to the agent's key, as shown once when its owner created it.");
  // An owner token would pass the check below (owners may read the catalogue) and then fail every agent tool.
  if (key.startsWith('cso_')) fail("COUNTERSIGN_AGENT_KEY holds an owner token (cso_…); the MCP server acts as an agent: use the agent's key (csk_…).");
  if (!URL.canParse(url)) fail(`COUNTERSIGN_URL "${url}" is not a URL (e.g. https://countersign.example).`);

  const agent = new CountersignAgent({ url, key });
  try {
    // The cheapest call an agent may make: it proves the server answers and takes this key.
    await agent.operations();
  } catch (error) {
    await agent.close();
    if (isCountersignError(error, 'UNAUTHENTICATED')) fail(`${url} refused COUNTERSIGN_AGENT_KEY: ${error.message}`);
    if (isCountersignError(error, 'TRANSPORT')) fail(`cannot reach Countersign at ${url}: ${error.message}`);
    fail(`${url} did not accept the agent: ${isCountersignError(error) ? `${error.code}: ${error.message}` : String(error)}`);
  }

  const server = createCountersignMcpServer(agent);
  const transport = new StdioServerTransport();
  let closing = false;
  const shutdown = async () => {
    if (closing) return;
    closing = true;
    await server.close();
    await agent.close();
  };
  // The host ends the server by closing its stdin (or by a signal): end the waits and let the process exit.
  process.stdin.once('end', () => void shutdown());
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void shutdown().finally(() => process.exit(0)));
  await server.connect(transport);
}

main().catch((error: unknown) => fail(`could not start: ${error instanceof Error ? error.message : String(error)}`));
