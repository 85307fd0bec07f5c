/**
 * `pnpm bench:profile`: where one API process spends its CPU while serving
 * GraphQL draws (issue 15, item 3). It starts the API with `--cpu-prof`,
 * sends spread draws from 16 clients for BENCH_SECONDS, stops the process
 * (which writes the profile) and prints the self time grouped by layer
 * (Express, Apollo, graphql-js, node-postgres, Node's own internals,
 * Countersign's code, idle, GC) and the hottest functions.
 *
 * Shares are of the samples taken while the load ran; an idle share is
 * time the process waited (on PostgreSQL or on its clients).
 */
import { randomUUID } from 'node:crypto';
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Agent as HttpAgent } from 'node:http';
import { openDatabase } from '../src/platform/db/database.js';
import { createLogger } from '../src/platform/logger.js';
import { seedDrawer, postGraphQL } from './draw-kit.js';
import { spawnBuiltApi } from './built-api.js';

const CLIENTS = 16;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const SPREAD = 1000;

const log = createLogger('warn');
const dataDir = mkdtempSync(path.join(tmpdir(), 'countersign-profile-'));
const profileDir = path.join(dataDir, 'profile');
const db = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir, log });
const { key } = await seedDrawer(
  db.pool,
  Array.from({ length: SPREAD }, (_, i) => `spread-${i + 1}`),
);

// Production mode, as deployed; one process, so the profile is the one that served every draw.
const api = await spawnBuiltApi(db.url, { NODE_ENV: 'production' }, ['--cpu-prof', '--cpu-prof-dir', profileDir]);

const agent = new HttpAgent({ keepAlive: true, maxSockets: CLIENTS });
const target = new URL(`${api.url}/graphql`);
const query = 'mutation($input: DrawAuthorityInput!) { drawAuthority(input: $input) { __typename } }';
const run = randomUUID().slice(0, 8);
const deadline = Date.now() + SECONDS * 1000;
let drawn = 0;
const started = Date.now();
// V8 stamps profile samples with the monotonic clock `process.hrtime` reads, in microseconds, shared by every
// process on the machine: the window the load ran in, to count only its samples (not start-up or the drain).
const loadFrom = Number(process.hrtime.bigint() / 1000n);
await Promise.all(
  Array.from({ length: CLIENTS }, async (_, n) => {
    for (let i = 0; Date.now() < deadline; i++) {
      const authority = `spread-${1 + Math.floor(Math.random() * SPREAD)}`;
      const answer = await postGraphQL(
        agent,
        target,
        key,
        JSON.stringify({ query, variables: { input: { authority, dispatchKey: `p-${run}-${n}-${i}`, tokens: 1 } } }),
      );
      if (!answer.includes('"Drawn"')) throw new Error(`a draw was refused: ${answer}`);
      drawn++;
    }
  }),
);
const elapsed = (Date.now() - started) / 1000;
const loadTo = Number(process.hrtime.bigint() / 1000n);
agent.destroy();
// A clean exit is what writes the profile.
await api.stop();
const { code } = await api.output();
if (code !== 0) throw new Error(`the API exited with ${code}`);
await db.close();

const file = readdirSync(profileDir).find((name) => name.endsWith('.cpuprofile'));
if (!file) throw new Error('the API wrote no CPU profile');
const profile = JSON.parse(readFileSync(path.join(profileDir, file), 'utf8')) as CpuProfile;
// PROFILE_OUT keeps the raw profile, for Chrome DevTools' Performance panel or speedscope.
if (process.env.PROFILE_OUT) copyFileSync(path.join(profileDir, file), process.env.PROFILE_OUT);
rmSync(dataDir, { recursive: true, force: true });
report(profile, drawn / elapsed, loadFrom, loadTo);

interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; hitCount?: number }[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** The layer a frame belongs to, by where its code lives. */
function layerOf(url: string, name: string): string {
  if (name === '(idle)' || name === '(program)' || name === '(garbage collector)') return name;
  const pkg = /node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1];
  if (pkg) {
    if (pkg === 'express' || pkg === 'router' || pkg === 'body-parser' || pkg === 'raw-body' || pkg === 'finalhandler') return 'Express';
    if (pkg.startsWith('@apollo/') || pkg.startsWith('@as-integrations/')) return 'Apollo Server';
    if (pkg === 'graphql') return 'graphql-js';
    if (pkg.startsWith('pg')) return 'node-postgres';
    if (pkg === 'pino' || pkg.startsWith('pino-') || pkg === 'sonic-boom') return 'logging (pino)';
    return `other packages (${pkg})`;
  }
  if (url.startsWith('node:') || url === '') return "Node's internals (HTTP, sockets, streams)";
  if (url.includes('/apps/api/src/')) return 'Countersign';
  return 'other';
}

/** Prints self time by layer and the hottest functions, counting only samples taken while the load ran. */
function report(profile: CpuProfile, perSecond: number, loadFrom: number, loadTo: number): void {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const layers = new Map<string, number>();
  const functions = new Map<string, number>();
  let at = profile.startTime;
  let total = 0;
  profile.samples.forEach((id, i) => {
    at += profile.timeDeltas[i] ?? 0;
    if (at < loadFrom || at > loadTo) return;
    const frame = byId.get(id)!.callFrame;
    const layer = layerOf(frame.url, frame.functionName);
    layers.set(layer, (layers.get(layer) ?? 0) + 1);
    if (!layer.startsWith('(')) {
      const name = `${frame.functionName || '(anonymous)'} ${frame.url.replace(/^.*node_modules\/(\.pnpm\/[^/]+\/node_modules\/)?/, '').replace(/^.*\/apps\/api\//, '')}:${frame.lineNumber + 1}`;
      functions.set(name, (functions.get(name) ?? 0) + 1);
    }
    total++;
  });
  const busy = total - (layers.get('(idle)') ?? 0);
  process.stdout.write(
    `\nCPU profile of one API process serving GraphQL draws (${CLIENTS} clients, ${SPREAD} spread authorities, ${SECONDS} s): ${perSecond.toFixed(0)} draws/s\n`,
  );
  process.stdout.write(`  ${'layer (self time)'.padEnd(48)} ${'of all'.padStart(7)} ${'of busy'.padStart(8)}\n`);
  for (const [layer, count] of [...layers].sort((a, b) => b[1] - a[1])) {
    const ofBusy = layer === '(idle)' ? '' : `${((100 * count) / busy).toFixed(1)}%`;
    process.stdout.write(`  ${layer.padEnd(48)} ${`${((100 * count) / total).toFixed(1)}%`.padStart(7)} ${ofBusy.padStart(8)}\n`);
  }
  process.stdout.write(`  hottest functions (self time, share of busy):\n`);
  for (const [name, count] of [...functions].sort((a, b) => b[1] - a[1]).slice(0, 15)) {
    process.stdout.write(`    ${`${((100 * count) / busy).toFixed(1)}%`.padStart(6)}  ${name}\n`);
  }
}
