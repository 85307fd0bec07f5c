import { homedir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline/promises';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CountersignAgent } from '@countersign/client';
import { checkGateConfig, readGateConfig, type GateConfig, type Risk } from './config.js';
import { runGate } from './gate.js';
import { APPROVAL_NEEDS, gateInit, initTable, type GateInitOptions } from './init.js';
import { refuseHost } from './refuse-host.js';

const USAGE = `Usage:
  countersign-mcp gate [--config gate.json] [--journal FILE] -- <upstream command> [args…]
      serve the upstream MCP server's tools, asking the owner to sign off on the gated ones
      (env COUNTERSIGN_URL, COUNTERSIGN_AGENT_KEY); the journal defaults to ~/.countersign/gate-journal.jsonl
  countersign-mcp gate init [--config gate.json] [--risk tool=LOW|MEDIUM|HIGH]… -- <upstream command> [args…]
      (the owner) define one operation per gated tool (env COUNTERSIGN_URL, COUNTERSIGN_OWNER_TOKEN);
      on a terminal it asks each tool's risk that --risk and the config do not name`;

export interface GateArgs {
  init: boolean;
  configFile: string | undefined;
  /** `--risk tool=LEVEL`, repeatable, init only: overrides the config's `risk`. */
  risk: Record<string, string>;
  /** `--journal FILE`: where the running gate journals each gated call's progress. */
  journal: string | undefined;
  command: string;
  args: string[];
}

/** Splits `[init] [--config F] [--risk tool=LEVEL]… -- command args…`. */
export function parseGateArgs(argv: string[]): GateArgs {
  const separator = argv.indexOf('--');
  if (separator < 0 || separator === argv.length - 1) throw new Error(`name the upstream server after "--".\n${USAGE}`);
  const own = argv.slice(0, separator);
  const [command, ...args] = argv.slice(separator + 1);
  let init = false;
  let configFile: string | undefined;
  const risk: Record<string, string> = {};
  let journal: string | undefined;
  for (let i = 0; i < own.length; i++) {
    if (own[i] === 'init' && i === 0) init = true;
    else if (own[i] === '--config' && own[i + 1]) configFile = own[++i];
    else if (own[i] === '--journal' && !init && own[i + 1]) journal = own[++i];
    else if (own[i] === '--risk' && init && /^[^=]+=[^=]+$/.test(own[i + 1] ?? '')) {
      const [tool, level] = own[++i]!.split('=') as [string, string];
      risk[tool] = level;
    } else throw new Error(`unexpected "${own[i]}".\n${USAGE}`);
  }
  return { init, configFile, risk, journal, command: command!, args };
}

/** The config with `--risk` laid over its `risk`, checked again so a bad level is named like one in the file. */
function withRisk(config: GateConfig, risk: Record<string, string>): GateConfig {
  if (Object.keys(risk).length === 0) return config;
  return checkGateConfig({ ...config, risk: { ...config.risk, ...risk } }, '--risk');
}

/** On a terminal, asks the owner each tool's risk, saying what each level needs; an empty answer keeps the suggestion. */
function askOnTerminal(): { ask: GateInitOptions['ask']; close: () => void } {
  if (!process.stdin.isTTY) return { ask: undefined, close: () => undefined };
  const terminal = createInterface({ input: process.stdin, output: process.stderr });
  const ask: GateInitOptions['ask'] = async (tool, destructive, suggested) => {
    for (;;) {
      const levels = (Object.keys(APPROVAL_NEEDS) as Risk[]).map((level) => `  ${level}: ${APPROVAL_NEEDS[level]}`).join('\n');
      const note = destructive ? ' (destructive: its requests are HIGH whatever you declare)' : '';
      const answer = (await terminal.question(`${levels}\nRisk of ${tool.name}${note} [${suggested}]: `)).trim().toUpperCase();
      if (answer === '') return suggested;
      if (answer === 'LOW' || answer === 'MEDIUM' || answer === 'HIGH') return answer;
      process.stderr.write('Answer LOW, MEDIUM or HIGH.\n');
    }
  };
  return { ask, close: () => terminal.close() };
}

async function initCommand(config: GateConfig, command: string, args: string[], url: string): Promise<number> {
  const terminal = askOnTerminal();
  try {
    const lines = await gateInit({ config, command, args, url, ownerToken: required('COUNTERSIGN_OWNER_TOKEN'), ask: terminal.ask });
    for (const line of lines) process.stderr.write(`${line.tool} → ${line.op} v${line.version}${line.created ? ' (defined)' : ' (unchanged)'}\n`);
    process.stdout.write(`${initTable(lines)}\n`);
    process.stderr.write(`${lines.length} gated tool${lines.length === 1 ? '' : 's'} registered.\n`);
    return 0;
  } finally {
    terminal.close();
  }
}

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set.`);
  return value;
}

/** `countersign-mcp gate …`: returns the process's exit code. Problems go to stderr as one line, and to the host as the answer to its `initialize`. */
export async function gateCommand(argv: string[]): Promise<number> {
  try {
    const { init, configFile, risk, journal, command, args } = parseGateArgs(argv);
    const config = withRisk(readGateConfig(configFile), risk);
    const url = required('COUNTERSIGN_URL');
    if (init) return await initCommand(config, command, args, url);
    const agent = new CountersignAgent({ url, key: required('COUNTERSIGN_AGENT_KEY') });
    const gate = await runGate({
      config,
      command,
      args,
      agent,
      transport: new StdioServerTransport(),
      warn: (line) => process.stderr.write(`${line}\n`),
      journal: journal ?? path.join(homedir(), '.countersign', 'gate-journal.jsonl'),
    });
    const code = await gate.done;
    await agent.close();
    return code;
  } catch (error) {
    const message = `countersign-mcp gate: ${(error as Error).message}`;
    process.stderr.write(`${message}\n`);
    // Run by an MCP host, the gate answers the host's initialize with the problem, so the host shows it.
    if (argv[0] !== 'init') await refuseHost(message);
    return 1;
  }
}
