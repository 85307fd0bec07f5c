#!/usr/bin/env node
// The published packages, as an agent author gets them: packed into release/
// as `pnpm release` packs them (scripts/release-packages.mjs: `pnpm pack`, the
// packed manifests verified, `npm publish --dry-run` on each, offline),
// installed with npm from those tarballs into a temporary project outside the
// workspace (only the npm registry is reached, for their dependencies), then
// imported from an .mjs file, required from a .cjs file, type-checked as a
// consumer would, and driven through its quick start against a live API
// (embedded PostgreSQL, owner and agent made with the CLI). Exits non-zero on
// any failure; the server and every temporary folder are removed either way.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './cluster/instances.mjs';
import { packPackages, publishDryRun } from './release-packages.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const API_DIR = path.join(ROOT, 'apps/api');
/** A cold start is initdb, migrations and listen; the e2e fixture allows the same. */
const START_TIMEOUT_MS = 90_000;
const STOP_TIMEOUT_MS = 20_000;

const temporary = [];
let server;
let checks = 0;

function temporaryDir(prefix) {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  temporary.push(dir);
  return dir;
}

function log(line) {
  process.stdout.write(`${line}\n`);
}

/** Runs a command to completion; throws with its output when it fails. */
function run(command, args, options = {}) {
  const result = spawnSync(command, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, ...options, env: { ...process.env, ...options.env } });
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(' ')} exited ${result.status ?? result.signal}\n${result.stdout ?? ''}${result.stderr ?? ''}`);
  }
  return result.stdout;
}

function check(condition, message) {
  if (!condition) throw new Error(`check failed: ${message}`);
  checks++;
}

/** Starts the API on a free port with its own embedded database; resolves with its URL and data folder once /readyz answers. */
async function startServer() {
  const port = await freePort();
  const dataDir = temporaryDir('countersign-pack-data-');
  // PostgreSQL runs as its own user and must be able to reach its data folder.
  chmodSync(dataDir, 0o755);
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    COUNTERSIGN_DATA_DIR: dataDir,
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
  };
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/app/main.ts'], { cwd: API_DIR, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const output = [];
  for (const stream of [child.stdout, child.stderr]) stream.on('data', (chunk) => output.push(String(chunk)));
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));
  server = { child, exited, dataDir, env };
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + START_TIMEOUT_MS;
  let gone = false;
  void exited.then(() => (gone = true));
  while (Date.now() < deadline && !gone) {
    try {
      if ((await fetch(`${url}/readyz`)).status === 200) return url;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the API did not become ready${gone ? ' (it exited)' : ` within ${START_TIMEOUT_MS / 1000} s`}\n${output.join('').slice(-4000)}`);
}

async function stopServer() {
  if (!server || server.child.exitCode !== null || server.child.signalCode !== null) return;
  server.child.kill('SIGTERM');
  const stopped = await Promise.race([server.exited.then(() => true), new Promise((resolve) => setTimeout(() => resolve(false), STOP_TIMEOUT_MS))]);
  if (!stopped) {
    server.child.kill('SIGKILL');
    await server.exited;
  }
}

/** The CLI, as an owner would run it beside the server: it joins the server's embedded database. */
function cli(args, input) {
  return run(process.execPath, ['--import', 'tsx', 'src/app/cli/main.ts', ...args], { cwd: API_DIR, env: server.env, input }).trim();
}

/** The client's quick start, as an ES module: ask, read, list, wait, withdraw; verifyApproval against the live key set. */
const CLIENT_ESM = `
import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import { SignJWT } from 'jose';
import { CountersignAgent, isCountersignError, verifyApproval, APPROVAL_TOKEN_TYPE } from '@countersign/client';

const { COUNTERSIGN_URL: url, COUNTERSIGN_AGENT_KEY: key } = process.env;
const warnings = [];
const agent = new CountersignAgent({ url, key, onWarning: (message) => warnings.push(message) });
try {
  const repository = await agent.createRepository('pack-test');
  assert.equal(repository.name, 'pack-test');
  assert.equal(repository.replayed, false);
  assert.ok((await agent.repositories()).some((each) => each.name === 'pack-test'), 'repositories() lists it');
  const authorities = await agent.authorityPage({ first: 1 });
  assert.deepEqual(authorities, { nodes: [], pageInfo: { hasNextPage: false, endCursor: null } }, 'authorityPage() answers a page');
  assert.ok((await agent.operations()).some((operation) => operation.op === 'repository.mintToken'), 'operations() lists the built-ins');

  const { signOff, existing, replayed } = await agent.requestSignOff({
    op: 'repository.mintToken',
    repository: 'pack-test',
    input: { scopes: ['read'], ttlHours: 1 },
    summary: 'Read token for the pack test',
    reason: 'Checking the published client',
  });
  assert.deepEqual([signOff.state, existing, replayed], ['PENDING', false, false]);
  assert.equal((await agent.signOff(signOff.id))?.state, 'PENDING');
  assert.ok((await agent.signOffs({ state: 'PENDING' })).nodes.some((each) => each.id === signOff.id), 'signOffs({ state }) lists it');
  assert.deepEqual(await agent.takeSecret(signOff.id), { secret: null, reason: 'PENDING', secretState: 'NONE', state: 'PENDING' });

  // Withdrawing decides it: the wait (over a WebSocket, from the ws package on Node.js 20) sees that.
  const decision = agent.waitForDecision(signOff.id, { timeoutMs: 20_000 });
  // Awaited below; if a check fails first, close() ends it, and that must not hide the failure.
  decision.catch(() => undefined);
  const withdrawn = await agent.withdraw(signOff.id);
  assert.equal(withdrawn.state, 'WITHDRAWN');
  assert.equal((await decision).state, 'WITHDRAWN');
  assert.deepEqual(warnings, [], 'the client listened rather than polled');

  // A token signed by a key the server never published is refused, after reading the server's live key set.
  const { privateKey } = generateKeyPairSync('ed25519');
  const forged = await new SignJWT({ op: 'email.send' })
    .setProtectedHeader({ alg: 'EdDSA', typ: APPROVAL_TOKEN_TYPE, kid: 'not-published' })
    .setIssuer(url).setSubject(signOff.id).setIssuedAt().setExpirationTime('5m').setJti('pack-test')
    .sign(privateKey);
  const jwksUrl = new URL('/.well-known/jwks.json', url);
  // A service is configured with its tenant's id (the console's Settings shows it): every token's audience.
  const viewer = await fetch(new URL('/graphql', url), {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: \`Bearer \${key}\` },
    body: JSON.stringify({ query: '{ viewer { ... on Agent { owner { tenant { id } } } } }' }),
  }).then((response) => response.json());
  const audience = viewer.data.viewer.owner.tenant.id;
  const refusal = await verifyApproval(forged, { jwksUrl, audience }).catch((error) => error);
  assert.ok(isCountersignError(refusal, 'INVALID_APPROVAL'), \`verifyApproval refused the forged token: \${refusal}\`);
  const unbound = await verifyApproval(forged, { jwksUrl }).catch((error) => error);
  assert.ok(isCountersignError(unbound, 'BAD_INPUT'), \`verifyApproval without an audience is refused: \${unbound}\`);
  // The framework hooks are subpaths: the AI SDK's imports only types (it loads without \`ai\` installed, as here);
  // the Agents SDK's needs its optional peer, and says which when it is missing.
  const { withSignOff, SignOffNotGrantedError } = await import('@countersign/client/ai-sdk');
  assert.deepEqual([typeof withSignOff, typeof SignOffNotGrantedError], ['function', 'function']);
  await assert.rejects(import('@countersign/client/openai-agents'), /'@openai.agents'/);
  process.stdout.write(JSON.stringify({ id: signOff.id }));
} finally {
  await agent.close();
}
`;

/** The same package from CommonJS: the bundled manifest rules, and a read of the request the ES module made. */
const CLIENT_CJS = `
const assert = require('node:assert/strict');
const { CountersignAgent, CountersignError, canonicalJson, verifyApproval } = require('@countersign/client');

const { COUNTERSIGN_URL: url, COUNTERSIGN_AGENT_KEY: key } = process.env;
const id = process.argv[2];
assert.equal(canonicalJson({ b: 1, a: [true, null] }), '{"a":[true,null],"b":1}');
assert.equal(typeof verifyApproval, 'function');
assert.ok(new CountersignError('NOT_FOUND', 'x') instanceof Error);
assert.equal(typeof require('@countersign/client/ai-sdk').withSignOff, 'function');
const agent = new CountersignAgent({ url, key, webSocketImpl: null });
agent
  .signOff(id)
  .then((signOff) => {
    assert.equal(signOff && signOff.state, 'WITHDRAWN');
    return agent.close();
  })
  .catch((error) => {
    process.stderr.write(String(error && error.stack ? error.stack : error) + '\\n');
    process.exitCode = 1;
  });
`;

/** The MCP server as a host runs it: the package's bin over stdio, driven by the SDK's own client; and both module formats. */
const MCP_ESM = `
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { CountersignAgent, createCountersignMcpServer } from '@countersign/mcp';

assert.equal(typeof createCountersignMcpServer, 'function');
assert.equal(typeof CountersignAgent, 'function');
assert.equal(typeof createRequire(import.meta.url)('@countersign/mcp').createCountersignMcpServer, 'function');

const bin = new URL('./node_modules/.bin/countersign-mcp', import.meta.url).pathname;
const { COUNTERSIGN_AGENT_KEY: key, ...withoutKey } = process.env;
const refused = spawnSync(bin, [], { env: withoutKey, encoding: 'utf8' });
assert.equal(refused.status, 1);
assert.match(refused.stderr, /^countersign-mcp: COUNTERSIGN_AGENT_KEY is not set[^\\n]*\\n$/);

// The installed bin, then the README's host configuration: npx given both release tarballs, from a folder with neither installed.
const { MCP_NPX_ARGS, MCP_NPX_CWD, ...env } = { ...withoutKey, COUNTERSIGN_AGENT_KEY: key };
for (const server of [{ command: bin }, { command: 'npx', args: JSON.parse(MCP_NPX_ARGS), cwd: MCP_NPX_CWD }]) {
  const client = new Client({ name: 'pack-test', version: '0.0.0' });
  await client.connect(new StdioClientTransport({ ...server, env }));
  try {
    const { tools } = await client.listTools();
    assert.ok(tools.some((tool) => tool.name === 'request_sign_off'), \`\${server.command} lists request_sign_off\`);
    const listed = await client.callTool({ name: 'list_operations', arguments: {} });
    assert.ok(!listed.isError, \`list_operations answers through \${server.command}\`);
  } finally {
    await client.close();
  }
}
`;

/** A TypeScript consumer of both module formats, checked against the shipped .d.ts and .d.cts. */
const CLIENT_TYPES = {
  'check.mts': `import { CountersignAgent, type TakeSecretResult } from '@countersign/client';
const agent = new CountersignAgent({ url: 'http://127.0.0.1:1', key: 'csk_x' });
export const asked = agent.requestSignOff({ op: 'repository.mintToken', repository: 'docs', input: { scopes: ['read'], ttlHours: 1 }, summary: 's' });
// @ts-expect-error -- the built-in's input is typed
export const wrong = agent.requestSignOff({ op: 'repository.mintToken', repository: 'docs', input: { scopes: ['admin'], ttlHours: 1 }, summary: 's' });
export const taken: Promise<TakeSecretResult<{ token: string }>> = agent.takeSecret<{ token: string }>('id');
`,
  'check.cts': `import client = require('@countersign/client');
export const agent: client.CountersignAgent = new client.CountersignAgent({ url: 'http://127.0.0.1:1', key: 'csk_x' });
export const written: Promise<{ replayed: boolean }> = agent.withdraw('id');
`,
  'tsconfig.json': JSON.stringify({
    compilerOptions: {
      module: 'nodenext',
      moduleResolution: 'nodenext',
      target: 'es2022',
      strict: true,
      noEmit: true,
      types: ['node'],
      typeRoots: [path.join(ROOT, 'node_modules/@types')],
    },
    files: ['check.mts', 'check.cts'],
  }),
};

async function main() {
  const started = Date.now();
  const serverStarting = startServer();
  // Not awaited yet: a failed start is reported by the await below; until then it must not count as unhandled.
  serverStarting.catch(() => undefined);

  const releaseDir = path.join(ROOT, 'release');
  mkdirSync(releaseDir, { recursive: true });
  const tarballs = new Map();
  // packPackages throws on the first packed manifest that would not publish; each fact it checked counts.
  for (const { name, version, tarball, facts } of packPackages(releaseDir)) {
    for (const fact of facts) check(true, fact);
    check(publishDryRun(tarball) === `+ ${name}@${version}`, `npm publish --dry-run accepts ${name}`);
    tarballs.set(name, tarball);
  }
  log(`✓ packed ${[...tarballs.values()].map((tarball) => path.relative(ROOT, tarball)).join(', ')}; npm publish --dry-run accepts each`);
  const project = temporaryDir('countersign-pack-project-');
  writeFileSync(path.join(project, 'package.json'), JSON.stringify({ name: 'pack-test-project', private: true, version: '0.0.0' }));
  // ws is the client's optional peer: installed here as an agent author on Node.js 20 would.
  run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', '--no-package-lock', ...tarballs.values(), 'ws@^8.18.0'], { cwd: project });
  log(`✓ npm installed the tarballs into ${project}`);

  if (tarballs.has('@countersign/client')) {
    for (const [file, text] of Object.entries(CLIENT_TYPES)) writeFileSync(path.join(project, file), text);
    run(process.execPath, [path.join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json'], { cwd: project });
    check(true, 'the shipped types check for an ESM and a CommonJS consumer');
    log('✓ @countersign/client types check from .mts (import) and .cts (require)');
  }

  const url = await serverStarting;
  const email = 'pack-test@example.com';
  cli(['owner', 'add', '--email', email], 'pack-test password, long enough\n');
  const key = cli(['agent', 'add', '--owner', email, '--name', 'pack-test-agent']).split('\n').at(-1);
  check(key.startsWith('csk_'), 'the CLI printed an agent key');
  log(`✓ live API at ${url}, with an owner and an agent made by the CLI`);

  if (tarballs.has('@countersign/client')) {
    writeFileSync(path.join(project, 'quick-start.mjs'), CLIENT_ESM);
    writeFileSync(path.join(project, 'read-back.cjs'), CLIENT_CJS);
    // The key goes by environment, as an MCP host passes it, so a failure's command line does not show it.
    const env = { COUNTERSIGN_URL: url, COUNTERSIGN_AGENT_KEY: key };
    const { id } = JSON.parse(run(process.execPath, ['quick-start.mjs'], { cwd: project, env }));
    check(
      id,
      'the ES module quick start asked, read, listed, waited for and withdrew a sign-off, verifyApproval refused a forged token and one with no audience, and the framework subpaths loaded (or named their missing peer)',
    );
    run(process.execPath, ['read-back.cjs', id], { cwd: project, env });
    check(true, 'the CommonJS require read the withdrawn request back');
    log('✓ @countersign/client: import (ESM) and require (CommonJS) ran the quick start against the live API');
  }
  if (tarballs.has('@countersign/mcp')) {
    writeFileSync(path.join(project, 'mcp-session.mjs'), MCP_ESM);
    // README.md's MCP configuration, /path/to/release being a fresh copy of release/: npx keeps what it installed
    // from a tarball path for as long as the path is the same, so a repacked tarball at the old path would not be run.
    const npxDir = temporaryDir('countersign-npx-');
    const copies = ['@countersign/client', '@countersign/mcp'].map((name) => {
      const copy = path.join(npxDir, path.basename(tarballs.get(name)));
      copyFileSync(tarballs.get(name), copy);
      return copy;
    });
    // That install goes into npm's cache under the hash npx gives the package specifiers; it goes with the other temporary folders.
    const hash = createHash('sha512')
      .update(copies.toSorted((a, b) => a.localeCompare(b, 'en')).join('\n'))
      .digest('hex')
      .slice(0, 16);
    temporary.push(path.join(run('npm', ['config', 'get', 'cache'], { cwd: npxDir }).trim(), '_npx', hash));
    const npxArgs = ['-y', '-p', copies[0], '-p', copies[1], 'countersign-mcp'];
    const env = { COUNTERSIGN_URL: url, COUNTERSIGN_AGENT_KEY: key, MCP_NPX_ARGS: JSON.stringify(npxArgs), MCP_NPX_CWD: npxDir };
    run(process.execPath, ['mcp-session.mjs'], { cwd: project, env });
    check(true, 'countersign-mcp refused to start without a key, then listed and answered its tools over stdio, installed and through npx');
    log('✓ @countersign/mcp: import and require; countersign-mcp over stdio with the SDK client, installed and via npx -p <tarballs>');
  }
  return ((Date.now() - started) / 1000).toFixed(1);
}

let failed = false;
const interrupted = () => {
  void stopServer().finally(() => {
    for (const dir of temporary) rmSync(dir, { recursive: true, force: true });
    process.exit(130);
  });
};
process.once('SIGINT', interrupted);
process.once('SIGTERM', interrupted);
try {
  const seconds = await main();
  log(`pack test: ${checks} checks passed in ${seconds}s, on Node.js ${process.versions.node}`);
} catch (error) {
  failed = true;
  process.stderr.write(`✗ pack test failed: ${error instanceof Error ? error.message : String(error)}\n`);
} finally {
  await stopServer();
  for (const dir of temporary) if (existsSync(dir)) rmSync(dir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
