import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Gauge } from 'prom-client';
import type { InRegistry } from './request-metrics.js';

/** What `countersign_build_info` labels: which code this process runs, on which Node.js. */
export interface BuildInfo {
  version: string;
  commit: string;
  node: string;
}

/** The workspace's root package, whose version is the product's, and the package.json `pnpm build` writes beside the built server. */
const ROOT_PACKAGES = new Set(['countersign', 'countersign-server']);
const UNKNOWN = 'unknown';

/**
 * The version is the root package.json's, found by walking up from this
 * file, so it holds from the source tree and from a build that keeps that
 * file above its code; the commit is `commitSetting`
 * (COUNTERSIGN_BUILD_COMMIT) when set, else the one the build wrote into
 * that package.json (scripts/build-api.mjs), else the HEAD of the git
 * checkout that root is, else `unknown`.
 */
export function readBuildInfo(commitSetting: string | undefined, from = path.dirname(fileURLToPath(import.meta.url))): BuildInfo {
  const root = findRoot(from);
  return {
    version: root?.version ?? UNKNOWN,
    commit: commitSetting ?? root?.commit ?? (root ? checkoutHead(root.dir) : undefined) ?? UNKNOWN,
    node: process.version,
  };
}

function findRoot(from: string): { dir: string; version: string; commit?: string } | undefined {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const file = path.join(dir, 'package.json');
    if (existsSync(file)) {
      const json = JSON.parse(readFileSync(file, 'utf8')) as { name?: unknown; version?: unknown; commit?: unknown };
      if (typeof json.name === 'string' && ROOT_PACKAGES.has(json.name) && typeof json.version === 'string')
        return { dir, version: json.version, ...(typeof json.commit === 'string' && /^[0-9a-f]{7,40}$/.test(json.commit) ? { commit: json.commit } : {}) };
    }
    if (path.dirname(dir) === dir) return undefined;
  }
}

/** HEAD, only when `dir` is itself the top of a git checkout: an install inside someone else's repository is not ours to name. */
function checkoutHead(dir: string): string | undefined {
  try {
    const [top, head] = execFileSync('git', ['-C', dir, 'rev-parse', '--show-toplevel', 'HEAD'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      timeout: 5_000,
    })
      .trim()
      .split('\n');
    return top !== undefined && realpathSync(top) === realpathSync(dir) && /^[0-9a-f]{40}$/.test(head ?? '') ? head : undefined;
  } catch {
    // No git on the machine, or no checkout: the commit is not known.
    return undefined;
  }
}

/** `countersign_build_info`, 1 with the build's labels: joined onto other series by `on(instance) group_left`. */
export function buildInfoGauge(info: BuildInfo, on: InRegistry): void {
  const gauge = new Gauge({
    name: 'countersign_build_info',
    help: 'Always 1; its labels say which Countersign this process runs: version, commit, and the Node.js version',
    labelNames: ['version', 'commit', 'node'],
    // Every worker of an instance runs the same build: one series, not their sum.
    aggregator: 'max',
    ...on,
  });
  gauge.set({ version: info.version, commit: info.commit, node: info.node }, 1);
}
