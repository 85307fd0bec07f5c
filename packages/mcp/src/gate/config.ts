import { readFileSync } from 'node:fs';

export type Risk = 'LOW' | 'MEDIUM' | 'HIGH';

/**
 * Which upstream tools need a sign-off, and how their requests read. The
 * owner writes it; the running gate only reads it (it holds no owner
 * credential, so it can neither define nor loosen a gate).
 */
export interface GateConfig {
  /** The name in the operations' `mcp.<server>.<tool>`; defaults to the upstream server's own name. */
  server?: string;
  /**
   * Which tools are gated: names and globs (`write_*`), or `"annotations"`
   * (tools marked `destructiveHint: true` or `readOnlyHint: false`).
   * Absent: every tool not marked `readOnlyHint: true`.
   */
  gate?: string[] | 'annotations';
  /** Per-tool risk (default: HIGH for a destructive tool, MEDIUM otherwise). */
  risk?: Record<string, Risk>;
  /** Per-tool summary template: `{tool}`, `{server}` and `{args.<field>}` are filled in. */
  summary?: Record<string, string>;
  /** How long a gated call waits for the owner before answering "call again" (seconds, default 45). */
  waitSeconds?: number;
}

const RISKS = new Set(['LOW', 'MEDIUM', 'HIGH']);

/** Reads and checks a gate config file; a missing path means the defaults. Throws naming the problem. */
export function readGateConfig(file: string | undefined): GateConfig {
  if (!file) return {};
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`cannot read the gate config ${file}: ${(error as Error).message}`, { cause: error });
  }
  return checkGateConfig(raw, file);
}

export function checkGateConfig(raw: unknown, where = 'the gate config'): GateConfig {
  const fail = (problem: string): never => {
    throw new Error(`${where}: ${problem}`);
  };
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) fail('must be a JSON object');
  const config = raw as Record<string, unknown>;
  const known = ['server', 'gate', 'risk', 'summary', 'waitSeconds'];
  const unknown = Object.keys(config).filter((key) => !known.includes(key));
  if (unknown.length > 0) fail(`unknown field ${unknown.join(', ')} (known: ${known.join(', ')})`);
  if (config.server !== undefined && (typeof config.server !== 'string' || config.server.trim() === '')) fail('"server" is a non-empty string');
  const gate = config.gate;
  if (gate !== undefined && gate !== 'annotations' && !(Array.isArray(gate) && gate.every((entry) => typeof entry === 'string' && entry !== ''))) {
    fail('"gate" is a list of tool names or globs, or "annotations"');
  }
  for (const field of ['risk', 'summary'] as const) {
    const map = config[field];
    if (map === undefined) continue;
    if (map === null || typeof map !== 'object' || Array.isArray(map)) fail(`"${field}" maps tool names to values`);
    for (const [tool, value] of Object.entries(map as Record<string, unknown>)) {
      if (field === 'risk' && !RISKS.has(value as string)) fail(`"risk.${tool}" is LOW, MEDIUM or HIGH`);
      if (field === 'summary' && (typeof value !== 'string' || value.length === 0 || value.length > 200)) fail(`"summary.${tool}" is 1 to 200 characters`);
    }
  }
  const wait = config.waitSeconds;
  if (wait !== undefined && (typeof wait !== 'number' || !Number.isFinite(wait) || wait < 1 || wait > 3600)) fail('"waitSeconds" is from 1 to 3600');
  return config;
}
