import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CountersignAgent } from '@countersign/client';
import { readGateConfig } from './config.js';
import { runGate } from './gate.js';
import { gateInit } from './init.js';

const USAGE = `Usage:
  countersign-mcp gate [--config gate.json] -- <upstream command> [args…]
      serve the upstream MCP server's tools, asking the owner to sign off on the gated ones
      (env COUNTERSIGN_URL, COUNTERSIGN_AGENT_KEY)
  countersign-mcp gate init [--config gate.json] -- <upstream command> [args…]
      (the owner) define one operation per gated tool (env COUNTERSIGN_URL, COUNTERSIGN_OWNER_TOKEN)`;

/** Splits `[init] [--config F] -- command args…`. */
export function parseGateArgs(argv: string[]): { init: boolean; configFile: string | undefined; command: string; args: string[] } {
  const separator = argv.indexOf('--');
  if (separator < 0 || separator === argv.length - 1) throw new Error(`name the upstream server after "--".\n${USAGE}`);
  const own = argv.slice(0, separator);
  const [command, ...args] = argv.slice(separator + 1);
  let init = false;
  let configFile: string | undefined;
  for (let i = 0; i < own.length; i++) {
    if (own[i] === 'init' && i === 0) init = true;
    else if (own[i] === '--config' && own[i + 1]) configFile = own[++i];
    else throw new Error(`unexpected "${own[i]}".\n${USAGE}`);
  }
  return { init, configFile, command: command!, args };
}

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set.`);
  return value;
}

/** `countersign-mcp gate …`: returns the process's exit code. Problems go to stderr as one line. */
export async function gateCommand(argv: string[]): Promise<number> {
  try {
    const { init, configFile, command, args } = parseGateArgs(argv);
    const config = readGateConfig(configFile);
    const url = required('COUNTERSIGN_URL');
    if (init) {
      const lines = await gateInit({ config, command, args, url, ownerToken: required('COUNTERSIGN_OWNER_TOKEN') });
      for (const line of lines) process.stderr.write(`${line.tool} → ${line.op} v${line.version}${line.created ? ' (defined)' : ' (unchanged)'}\n`);
      process.stderr.write(`${lines.length} gated tool${lines.length === 1 ? '' : 's'} registered.\n`);
      return 0;
    }
    const agent = new CountersignAgent({ url, key: required('COUNTERSIGN_AGENT_KEY') });
    const gate = await runGate({ config, command, args, agent, transport: new StdioServerTransport(), warn: (line) => process.stderr.write(`${line}\n`) });
    const code = await gate.done;
    await agent.close();
    return code;
  } catch (error) {
    process.stderr.write(`countersign-mcp gate: ${(error as Error).message}\n`);
    return 1;
  }
}
