#!/usr/bin/env node
// The release as an operator gets it (after `pnpm build`): `pnpm release`'s
// tarball unpacked in a temporary folder with no workspace around it, then
// `node server.js` started in a new session (its own process group leader,
// as a container's PID 1 is), from another working directory, so every asset
// is found beside the entry file. Ready, an owner made with the packed CLI
// signs in, an agent asks; SIGTERM exits 0 within the grace. Then SIGTERM to
// `pnpm start` itself stops the server it started. Prints the seconds to
// ready; exits non-zero on any failure, every process and folder removed.
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './cluster/instances.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const VERSION = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).version;
const READY_TIMEOUT_MS = 120_000;
// The server's own grace for in-flight work is 30 s; a clean stop must come within it.
const GRACE_MS = 30_000;
const temporary = [];
const running = [];

function temporaryDir(prefix) {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  temporary.push(dir);
  return dir;
}

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, ...options });
  if (result.status !== 0)
    throw new Error(`${command} ${args.join(' ')} exited ${result.status ?? result.signal}\n${result.stdout ?? ''}${result.stderr ?? ''}`);
  return result.stdout;
}

function check(condition, message) {
  if (!condition) throw new Error(`check failed: ${message}`);
  process.stdout.write(`✓ ${message}\n`);
}

async function answers(url) {
  try {
    return (await fetch(`${url}/readyz`)).status;
  } catch {
    return undefined;
  }
}

/** Starts a process in its own session; resolves once /readyz answers 200, with the seconds it took. */
async function startReady(command, args, { cwd, env, url }) {
  const started = Date.now();
  const child = spawn(command, args, { cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const output = [];
  for (const stream of [child.stdout, child.stderr]) stream.on('data', (chunk) => output.push(String(chunk)));
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const handle = { child, exited, output };
  running.push(handle);
  while ((await answers(url)) !== 200) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`${command} exited before ready\n${output.join('').slice(-4000)}`);
    if (Date.now() - started > READY_TIMEOUT_MS) throw new Error(`${command} not ready within ${READY_TIMEOUT_MS / 1000} s\n${output.join('').slice(-4000)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { ...handle, seconds: (Date.now() - started) / 1000 };
}

/** SIGTERM to the process alone (not its group): resolves with how it exited, or throws past the grace. */
async function terminate({ child, exited, output }) {
  child.kill('SIGTERM');
  const outcome = await Promise.race([exited, new Promise((resolve) => setTimeout(() => resolve(undefined), GRACE_MS))]);
  if (!outcome) throw new Error(`still running ${GRACE_MS / 1000} s after SIGTERM\n${output.join('').slice(-4000)}`);
  return outcome;
}

async function graphql(url, query, variables, headers = {}) {
  const response = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ query, variables }),
  });
  return { body: await response.json(), cookie: response.headers.get('set-cookie')?.split(';')[0] };
}

function serverEnv(port, dataDir) {
  // No loader, no workspace settings: what an operator's environment would hold.
  const env = { ...process.env };
  delete env.NODE_OPTIONS;
  delete env.INIT_CWD;
  return { ...env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', COUNTERSIGN_DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' };
}

/**
 * Every package the built bundles import, imported from the unpacked folder by plain node: what the release
 * left out of node_modules (scripts/release-prune.mjs) must be nothing any of them loads.
 */
function importsResolve(folder) {
  const bundles = readdirSync(folder).filter((name) => /\.m?js$/.test(name));
  const specifiers = new Set();
  for (const bundle of bundles)
    for (const [, specifier] of readFileSync(path.join(folder, bundle), 'utf8').matchAll(/(?:from|import\()\s*"([^".][^"]*)"/g))
      if (!specifier.startsWith('node:')) specifiers.add(specifier);
  const script = `for (const s of ${JSON.stringify([...specifiers])}) await import(s).catch((e) => { console.error(s + ': ' + e.message); process.exitCode = 1; });`;
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: folder, encoding: 'utf8' });
  check(
    result.status === 0 && specifiers.size > 20,
    `all ${specifiers.size} packages the bundles import load from the unpacked folder${result.stderr ? `: ${result.stderr}` : ''}`,
  );
}

async function artifact() {
  // The npm packages beside it are scripts/pack-test.mjs's to pack and check: only the server tarball here.
  run(process.execPath, ['scripts/release.mjs', '--server-only'], { cwd: ROOT });
  const unpacked = temporaryDir('countersign-release-');
  run('tar', ['-xzf', path.join(ROOT, 'release', `countersign-server-${VERSION}-linux-x64.tgz`), '-C', unpacked]);
  const folder = path.join(unpacked, `countersign-server-${VERSION}`);
  importsResolve(folder);
  const dataDir = temporaryDir('countersign-release-data-');
  chmodSync(dataDir, 0o755);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env = { ...serverEnv(port, dataDir), COUNTERSIGN_METRICS: 'on' };
  const elsewhere = temporaryDir('countersign-release-cwd-');
  const server = await startReady(process.execPath, [path.join(folder, 'server.js')], { cwd: elsewhere, env, url });
  process.stdout.write(`  start to ready: ${server.seconds.toFixed(1)} s (first start: initdb and migrations)\n`);
  check(server.child.pid === Number(run('ps', ['-o', 'pgid=', '-p', String(server.child.pid)]).trim()), 'node server.js leads its own process group');
  const countersign = (args, input) => run(process.execPath, [path.join(folder, 'countersign.js'), ...args], { cwd: elsewhere, env, input }).trim();
  const email = 'release@example.com';
  const password = 'release test password, long enough';
  countersign(['owner', 'add', '--email', email], `${password}\n`);
  const key = countersign(['agent', 'add', '--owner', email, '--name', 'release-agent']).split('\n').at(-1);
  const signIn = await graphql(url, 'mutation($input: SignInInput!) { signIn(input: $input) { __typename } }', { input: { email, password } });
  check(signIn.body.data?.signIn?.__typename === 'SignedIn' && signIn.cookie, 'the owner made by the packed CLI signs in');
  const auth = { authorization: `Bearer ${key}` };
  const repository = await graphql(url, 'mutation { createRepository(input: { name: "docs" }) { __typename } }', undefined, auth);
  check(repository.body.data?.createRepository?.__typename === 'RepositoryCreated', 'the agent creates a repository');
  const ask = await graphql(
    url,
    'mutation($input: RequestSignOffInput!) { requestSignOff(input: $input) { __typename ... on SignOffRequested { signOff { state } } } }',
    { input: { op: 'repository.mintToken', repository: 'docs', input: { scopes: ['read'], ttlHours: 1 }, summary: 'release test' } },
    auth,
  );
  check(ask.body.data?.requestSignOff?.signOff?.state === 'PENDING', 'the agent asks and the request is pending');
  const mcp = spawnSync(process.execPath, [path.join(folder, 'countersign.js'), 'mcp'], {
    cwd: elsewhere,
    env: { ...env, COUNTERSIGN_URL: '' },
    encoding: 'utf8',
  });
  check(mcp.status === 1 && mcp.stderr.startsWith('countersign-mcp: COUNTERSIGN_URL is not set'), '`countersign mcp` runs the packed MCP bin with plain node');
  const head = run('git', ['-C', ROOT, 'rev-parse', 'HEAD']).trim();
  const metrics = await (await fetch(`${url}/metrics`)).text();
  check(
    metrics.includes(`countersign_build_info{version="${VERSION}",commit="${head}",`),
    `the unpacked server names the commit it was built from (${head.slice(0, 12)})`,
  );
  const outcome = await terminate(server);
  check(outcome.code === 0 && (await answers(url)) === undefined, 'SIGTERM to node server.js exits 0 within the grace and the port closes');
}

async function pnpmStart() {
  const dataDir = temporaryDir('countersign-start-data-');
  chmodSync(dataDir, 0o755);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const start = await startReady('pnpm', ['start'], { cwd: ROOT, env: serverEnv(port, dataDir), url });
  process.stdout.write(`  pnpm start to ready: ${start.seconds.toFixed(1)} s (build, then a first start)\n`);
  const outcome = await terminate(start);
  check(outcome.signal === null && (await answers(url)) === undefined, `SIGTERM to pnpm start stops the server (pnpm exited ${outcome.code})`);
}

try {
  await artifact();
  await pnpmStart();
} finally {
  // Whatever is still up is stopped with its whole group (the server's PostgreSQL and workers with it).
  for (const { child } of running) if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid, 'SIGKILL');
  for (const dir of temporary) rmSync(dir, { recursive: true, force: true });
}
