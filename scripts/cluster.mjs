// `node scripts/cluster.mjs` (`pnpm cluster`): Countersign as docs/deploy.md
// describes it, measured. Starts PostgreSQL (the embedded one, migrated once
// and seeded by apps/api/bench/cluster-db.ts), three API instances on
// loopback ports against it, and a small load balancer in this process
// (round robin, no sticky sessions, WebSocket upgrades passed through, a
// backend that refuses connections skipped: a passive health check). Then a
// mixed workload through the balancer: agents asking for sign-offs and
// drawing on their authorities, retrying lost answers with the same
// Idempotency-Key / dispatch key; an owner deciding what a graphql-ws
// subscription through the balancer shows, resubscribing when the socket
// drops. One instance is SIGKILLed mid-run. It reports what the clients saw
// and checks the ledger against the database; it exits 1 if that check fails.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const API_DIR = fileURLToPath(new URL('../apps/api/', import.meta.url));
const requireApi = createRequire(path.join(API_DIR, 'package.json'));
const WebSocket = requireApi('ws');
const pg = requireApi('pg');
const { createClient } = await import(pathToFileURL(requireApi.resolve('graphql-ws')).href);

const INSTANCES = 3;
const AGENTS = 4;
const WORKLOAD_MS = Number(process.env.CLUSTER_WORKLOAD_MS ?? 30_000);
/** When, into the workload, one instance is SIGKILLed. */
const KILL_AT_MS = WORKLOAD_MS / 3;
const started = Date.now();
const elapsed = () => `${((Date.now() - started) / 1000).toFixed(1)}s`;
const say = (line) => process.stdout.write(`[cluster ${elapsed()}] ${line}\n`);

const children = [];
const scratch = mkdtempSync(path.join(tmpdir(), 'countersign-cluster-'));
let cleaning;
function cleanUp() {
  cleaning ??= (async () => {
    // Instances first (they hold connections), PostgreSQL last.
    const [database, ...rest] = children;
    await Promise.all(rest.map((child) => stopChild(child)));
    if (database) await stopChild(database);
    rmSync(scratch, { recursive: true, force: true });
  })();
  return cleaning;
}
function stopChild(child) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => void cleanUp().then(() => process.exit(130)));
// A failure in a loop nobody awaits (the owner's decisions, say) ends the run, and still stops what it started.
process.on('unhandledRejection', (error) => {
  process.stderr.write(`cluster: ${error?.stack ?? error}\n`);
  void cleanUp().then(() => process.exit(1));
});
// A run that hangs (an instance that never starts, a socket that never opens) must not hang CI with it.
const WATCHDOG_MS = 180_000;
setTimeout(() => {
  process.stderr.write(`cluster: no result after ${WATCHDOG_MS / 1000} s; stopping everything\n`);
  void cleanUp().then(() => process.exit(1));
}, WATCHDOG_MS).unref();

/** Warnings and errors the processes logged (pino JSON lines), counted by message for the report. */
const logged = new Map();
function collectLogs(child) {
  for (const stream of [child.stdout, child.stderr]) {
    let rest = '';
    stream.on('data', (chunk) => {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop();
      for (const line of lines) {
        if (!line.startsWith('{')) continue;
        try {
          const entry = JSON.parse(line);
          if (entry.level >= 40) {
            const key = `${entry.level >= 50 ? 'error' : 'warn'}: ${entry.msg}`;
            logged.set(key, (logged.get(key) ?? 0) + 1);
          }
        } catch {
          // not a log line
        }
      }
    });
  }
}

/** Runs a TypeScript file of apps/api under tsx; resolves with the child once a line of its stdout matches `ready`. */
function startTs(entry, args, env, ready) {
  const child = spawn(process.execPath, ['--import', 'tsx', entry, ...args], {
    cwd: API_DIR,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  collectLogs(child);
  let seen = '';
  child.stderr.on('data', (chunk) => (seen += chunk));
  return new Promise((resolve, reject) => {
    const onData = (chunk) => {
      seen += chunk;
      const match = ready.exec(seen);
      if (match) {
        child.stdout.off('data', onData);
        child.stdout.resume();
        resolve({ child, match });
      }
    };
    child.stdout.on('data', onData);
    child.once('exit', (code, signal) => reject(new Error(`${entry} exited (${code ?? signal}) before it was ready:\n${seen}`)));
  });
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

// ---------------------------------------------------------------- load balancer

/**
 * Round robin over `backends`, no stickiness. A backend that refuses a
 * connection is marked down for a while and the same request goes to the
 * next (nothing was sent, so that is safe for any request); one that fails
 * mid-request answers 502, and the client retries as it would behind any
 * balancer. WebSocket upgrades are piped through to a backend whole.
 */
function startBalancer(backends) {
  let next = 0;
  const DOWN_FOR_MS = 2_000;
  const stats = { proxied: 0, refusedBackends: 0, midRequestFailures: 0, upgrades: 0, lastUpgradePort: undefined };
  const pick = (skip) => {
    for (let i = 0; i < backends.length; i++) {
      const backend = backends[next++ % backends.length];
      if (!skip.has(backend) && backend.downUntil <= Date.now()) return backend;
    }
    // Every backend down: try one not yet tried this request anyway (the mark may be stale).
    return backends.find((backend) => !skip.has(backend));
  };
  const markDown = (backend) => {
    backend.downUntil = Date.now() + DOWN_FOR_MS;
    stats.refusedBackends++;
  };
  const forwarded = (req) => ({
    ...req.headers,
    'x-forwarded-for': req.socket.remoteAddress,
    'x-forwarded-proto': 'http',
  });
  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const tried = new Set();
      const attempt = () => {
        const backend = pick(tried);
        if (!backend) {
          res.writeHead(502, { 'content-type': 'text/plain' }).end('no live backend');
          return;
        }
        tried.add(backend);
        const upstream = http.request(
          { host: '127.0.0.1', port: backend.port, method: req.method, path: req.url, headers: forwarded(req), agent: backend.agent },
          (answer) => {
            stats.proxied++;
            res.writeHead(answer.statusCode, answer.headers);
            answer.pipe(res);
            answer.on('error', () => res.destroy());
          },
        );
        upstream.on('error', (error) => {
          if (error.code === 'ECONNREFUSED') {
            markDown(backend);
            attempt();
            return;
          }
          // The backend died holding the request: the client cannot know whether it ran.
          stats.midRequestFailures++;
          markDown(backend);
          if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' }).end('backend failed');
          else res.destroy();
        });
        upstream.end(body);
      };
      attempt();
    });
  });
  server.on('upgrade', (req, socket, head) => {
    const tried = new Set();
    socket.on('error', () => undefined);
    const attempt = () => {
      const backend = pick(tried);
      if (!backend) {
        socket.end('HTTP/1.1 502 Bad Gateway\r\nconnection: close\r\n\r\n');
        return;
      }
      tried.add(backend);
      const upstream = net.connect(backend.port, '127.0.0.1');
      upstream.once('connect', () => {
        stats.upgrades++;
        stats.lastUpgradePort = backend.port;
        const headers = forwarded(req);
        const lines = [`${req.method} ${req.url} HTTP/1.1`];
        for (const [name, value] of Object.entries(headers)) for (const one of [value].flat()) lines.push(`${name}: ${one}`);
        upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
        if (head.length > 0) upstream.write(head);
        upstream.pipe(socket);
        socket.pipe(upstream);
        // Either side gone: the other goes too, so the client sees its socket close and reconnects.
        upstream.on('close', () => socket.destroy());
        socket.on('close', () => upstream.destroy());
      });
      upstream.once('error', (error) => {
        if (error.code === 'ECONNREFUSED') {
          markDown(backend);
          attempt();
        } else socket.destroy();
      });
    };
    attempt();
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, port: server.address().port, stats })));
}

// ---------------------------------------------------------------- clients

const report = {
  requestsSent: 0,
  answered: 0,
  retries: 0,
  errorsByKind: {},
  wsConnects: 0,
  wsCloses: 0,
  draws: { succeeded: 0, replayed: 0, tokensCounted: new Map() },
  signOffs: { asked: new Set(), decided: new Map(), closedAnswers: 0, resyncs: 0 },
};
const countError = (kind) => (report.errorsByKind[kind] = (report.errorsByKind[kind] ?? 0) + 1);

/**
 * One GraphQL POST through the balancer, retried on a network error, a
 * 502/503, or a 409/429 with Retry-After, with the same body and headers (so
 * the same Idempotency-Key or dispatch key) until it is answered or
 * `deadline` passes: what a well-behaved client does.
 */
async function post(url, query, variables, headers, deadline) {
  for (let attempt = 0; ; attempt++) {
    report.requestsSent++;
    if (attempt > 0) report.retries++;
    try {
      const response = await fetch(`${url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ query, variables }),
      });
      if (response.status === 409 || response.status === 429) {
        // 409 IDEMPOTENCY_KEY_IN_USE: the key's first request still holds it (on an instance that may have died
        // holding it, until its lease runs out). 429 RATE_LIMITED: this principal has 8 requests running on that
        // instance (the owner re-reading what it follows after a reconnect, say). Either way: wait as
        // Retry-After says, then ask again with the same body, so the same key.
        countError(response.status === 409 ? 'HTTP 409 IDEMPOTENCY_KEY_IN_USE' : 'HTTP 429 RATE_LIMITED');
        await response.arrayBuffer();
        const wait = Math.min(Number(response.headers.get('retry-after') ?? 1), 10) * 1000;
        await new Promise((resolve) => setTimeout(resolve, wait));
        if (Date.now() > deadline) throw new Error(`no answer before the deadline: ${query.slice(0, 40)}`);
        continue;
      }
      if (response.status === 502 || response.status === 503) {
        countError(`HTTP ${response.status}`);
        await response.arrayBuffer();
      } else {
        const body = await response.json();
        if (body.errors?.length) {
          countError(`GraphQL ${body.errors[0].extensions?.code ?? 'error'}`);
          if (response.status >= 500) throw Object.assign(new Error('server error'), { retry: true });
          throw new Error(`${JSON.stringify(body.errors)}`);
        }
        report.answered++;
        return body.data;
      }
    } catch (error) {
      if (!(error instanceof TypeError) && !error.retry) throw error;
      if (error instanceof TypeError) countError(`network: ${error.cause?.code ?? error.message}`);
    }
    if (Date.now() > deadline) throw new Error(`no answer before the deadline: ${query.slice(0, 40)}`);
    await new Promise((resolve) => setTimeout(resolve, Math.min(50 * 2 ** attempt, 500)));
  }
}

const DRAW = `mutation($input: DrawAuthorityInput!) { drawAuthority(input: $input) {
  __typename ... on Drawn { replayed receipt { dispatchKey tokens } } ... on DomainError { code message } } }`;
const ASK = `mutation($input: RequestSignOffInput!) { requestSignOff(input: $input) {
  __typename ... on SignOffRequested { existing signOff { id } } ... on DomainError { code message } } }`;
const DECIDE = `mutation($input: DecideSignOffInput!) { decideSignOff(input: $input) {
  __typename ... on SignOffDecided { signOff { id state } } ... on SignOffClosed { signOff { id state } } ... on DomainError { code message } } }`;
const PENDING = `{ signOffs(state: PENDING, first: 100) { nodes { id } } }`;

/** An agent: draws and asks in turn until `until`, each write keyed so a retry cannot count twice. */
async function runAgent(url, agent, index, until, deadline) {
  const auth = { authorization: `Bearer ${agent.key}` };
  for (let n = 0; Date.now() < until; n++) {
    if (n % 3 !== 2) {
      const dispatchKey = `agent${index}-draw-${n}`;
      const tokens = 1 + ((n * 7 + index) % 50);
      const data = await post(url, DRAW, { input: { authority: agent.authority, dispatchKey, tokens } }, auth, deadline);
      const result = data.drawAuthority;
      if (result.__typename !== 'Drawn') throw new Error(`draw refused: ${JSON.stringify(result)}`);
      if (result.replayed) report.draws.replayed++;
      report.draws.succeeded++;
      // Counted once per dispatch key, whether the answer came first time or as a replay.
      report.draws.tokensCounted.set(agent.authority, (report.draws.tokensCounted.get(agent.authority) ?? 0) + Number(result.receipt.tokens));
    } else {
      const input = {
        op: 'repository.mintToken',
        repository: 'cluster-repo',
        input: { scopes: ['read'], ttlHours: 1 + (n % 720) },
        summary: `cluster ${index}/${n}`,
      };
      const data = await post(url, ASK, { input }, { ...auth, 'idempotency-key': `agent${index}-ask-${n}` }, deadline);
      const result = data.requestSignOff;
      // Refusals the rules give a busy agent, not failures: 20 requests already open (the owner is behind), or
      // the same input denied in the last 10 minutes (inputs repeat after 720 asks). Counted, then the agent goes on.
      if (result.__typename === 'TooManyPending' || result.__typename === 'RecentlyDenied') {
        countError(`answered ${result.code}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
        continue;
      }
      if (result.__typename !== 'SignOffRequested') throw new Error(`ask refused: ${JSON.stringify(result)}`);
      report.signOffs.asked.add(result.signOff.id);
    }
  }
}

/** The owner: decides each request the subscription shows; after every (re)connection, re-reads what is pending. */
function runOwner(url, wsUrl, ownerToken, deadline) {
  const auth = { authorization: `Bearer ${ownerToken}` };
  const inFlight = new Set();
  let decisions = Promise.resolve();
  const decide = (id) => {
    if (inFlight.has(id) || report.signOffs.decided.has(id)) return;
    inFlight.add(id);
    // Two of three approved, the third denied with a note.
    const approve = [...id].reduce((sum, c) => sum + c.charCodeAt(0), 0) % 3 !== 0;
    const work = post(url, DECIDE, { input: { id, approve, note: approve ? null : 'not now' } }, auth, deadline).then((data) => {
      const result = data.decideSignOff;
      if (result.__typename === 'SignOffDecided') report.signOffs.decided.set(id, (report.signOffs.decided.get(id) ?? 0) + 1);
      else if (result.__typename === 'SignOffClosed') {
        // Our decision committed but its answer was lost (the instance died): the retry finds it closed.
        report.signOffs.closedAnswers++;
        report.signOffs.decided.set(id, report.signOffs.decided.get(id) ?? 0);
      } else throw new Error(`decision refused: ${JSON.stringify(result)}`);
      inFlight.delete(id);
    });
    decisions = Promise.all([decisions, work]);
  };
  const resync = async () => {
    report.signOffs.resyncs++;
    const data = await post(url, PENDING, {}, auth, deadline);
    for (const node of data.signOffs.nodes) decide(node.id);
  };
  let connectedOnce;
  const ready = new Promise((resolve) => (connectedOnce = resolve));
  const client = createClient({
    url: wsUrl,
    webSocketImpl: WebSocket,
    connectionParams: { authorization: `Bearer ${ownerToken}` },
    lazy: false,
    retryAttempts: Infinity,
    shouldRetry: () => true,
    retryWait: async () => new Promise((resolve) => setTimeout(resolve, 200)),
    on: {
      connected: () => {
        report.wsConnects++;
        connectedOnce();
        // Events while the socket was down are not replayed: read the pending list again.
        void resync().catch((error) => countError(`resync: ${error.message}`));
      },
      closed: () => report.wsCloses++,
    },
  });
  const failures = [];
  // graphql-ws resubscribes this subscription on every reconnection.
  client.subscribe(
    { query: 'subscription { signOffEvents { signOff { id state } } }' },
    {
      next: ({ data }) => {
        const signOff = data?.signOffEvents?.signOff;
        if (signOff?.state === 'PENDING') decide(signOff.id);
      },
      error: (error) => failures.push(error),
      complete: () => undefined,
    },
  );
  return {
    ready,
    failures,
    /** Decides whatever is still pending, and waits for every decision in flight. */
    finish: async () => {
      for (;;) {
        await decisions;
        const data = await post(url, PENDING, {}, auth, deadline);
        if (data.signOffs.nodes.length === 0 && inFlight.size === 0) break;
        for (const node of data.signOffs.nodes) decide(node.id);
      }
      await client.dispose();
    },
  };
}

// ---------------------------------------------------------------- the run

async function main() {
  say('starting PostgreSQL (embedded), migrating once and seeding');
  const { match } = await startTs('bench/cluster-db.ts', [path.join(scratch, 'data'), String(AGENTS)], {}, /^(\{"url".*\})\n/m);
  const seed = JSON.parse(match[1]);
  say(`PostgreSQL ready; ${seed.migrations} migrations applied; ${seed.agents.length} agents with an authority each`);

  const secretKey = randomBytes(32).toString('base64');
  const ports = await Promise.all(Array.from({ length: INSTANCES }, () => freePort()));
  say(`starting ${INSTANCES} API instances on 127.0.0.1:${ports.join(', ')}`);
  const instances = await Promise.all(
    ports.map((port) =>
      startTs(
        'src/app/main.ts',
        [],
        {
          DATABASE_URL: seed.url,
          PORT: String(port),
          NODE_ENV: 'test',
          COUNTERSIGN_WORKERS: '1',
          // One sealing key for every instance: each reads what another sealed (docs/deploy.md).
          COUNTERSIGN_SECRET_KEY: secretKey,
          // The balancer is the client's only peer: X-Forwarded-For is believed from loopback.
          COUNTERSIGN_TRUSTED_PROXIES: '127.0.0.1',
          // All the clients are this process, on one address: the per-client connection share is the instance's.
          COUNTERSIGN_MAX_CONNECTIONS_PER_CLIENT: '1000',
        },
        /Countersign is running at/,
      ).then(({ child }) => child),
    ),
  );
  const backends = ports.map((port) => ({ port, downUntil: 0, agent: new http.Agent({ keepAlive: true, maxSockets: 32 }) }));
  const balancer = await startBalancer(backends);
  const url = `http://127.0.0.1:${balancer.port}`;
  say(`load balancer on ${url} (round robin, WebSocket upgrades passed through)`);

  const db = new pg.Pool({ connectionString: seed.url, max: 2 });
  const ledger = async () =>
    (
      await db.query(
        `SELECT a.id, coalesce(sum(r.tokens), 0)::text AS receipts, count(r.*)::int AS receipt_count,
                b.drawn_tokens::text AS drawn, b.draws::int AS draws, (a.ceiling_tokens - b.remaining_tokens)::text AS used
           FROM authorities a
           JOIN authority_balances b ON b.tenant_id = a.tenant_id AND b.owner_id = a.owner_id AND b.authority_id = a.id
           LEFT JOIN authority_receipts r ON r.tenant_id = a.tenant_id AND r.owner_id = a.owner_id AND r.authority_id = a.id
          GROUP BY a.id, a.ceiling_tokens, b.drawn_tokens, b.draws, b.remaining_tokens ORDER BY a.id`,
      )
    ).rows;
  const before = await ledger();

  const until = Date.now() + WORKLOAD_MS;
  const deadline = until + 30_000;
  const owner = runOwner(url, `ws://127.0.0.1:${balancer.port}/graphql`, seed.ownerToken, deadline);
  await owner.ready;
  say(`workload for ${WORKLOAD_MS / 1000}s: ${AGENTS} agents drawing and asking, the owner deciding over a WebSocket`);
  const killed = new Promise((resolve) =>
    setTimeout(() => {
      // The instance holding the owner's WebSocket: its subscription must come back through another.
      const index = Math.max(0, ports.indexOf(balancer.stats.lastUpgradePort));
      say(`SIGKILL the instance on port ${ports[index]} (pid ${instances[index].pid}), which holds the owner's WebSocket`);
      instances[index].kill('SIGKILL');
      resolve(ports[index]);
    }, KILL_AT_MS),
  );
  await Promise.all(seed.agents.map((agent, index) => runAgent(url, agent, index, until, deadline)));
  await killed;
  say('workload over; the owner decides what is still pending');
  await owner.finish();

  // ---- the ledger check
  const after = await ledger();
  const problems = [];
  for (const row of after) {
    const counted = report.draws.tokensCounted.get(row.id) ?? 0;
    if (BigInt(row.receipts) !== BigInt(row.drawn)) problems.push(`authority ${row.id}: receipts sum ${row.receipts} ≠ drawn ${row.drawn}`);
    if (BigInt(row.used) !== BigInt(row.drawn)) problems.push(`authority ${row.id}: ceiling − remaining ${row.used} ≠ drawn ${row.drawn}`);
    if (row.receipt_count !== row.draws) problems.push(`authority ${row.id}: ${row.receipt_count} receipts ≠ ${row.draws} draws counted`);
    if (BigInt(row.receipts) !== BigInt(counted)) problems.push(`authority ${row.id}: receipts sum ${row.receipts} ≠ clients counted ${counted}`);
  }
  const receiptsTotal = after.reduce((sum, row) => sum + row.receipt_count, 0);
  // One Drawn answer per dispatch key, first time or replayed after a lost answer: one receipt each.
  if (receiptsTotal !== report.draws.succeeded)
    problems.push(`${receiptsTotal} receipts, but the clients were answered Drawn for ${report.draws.succeeded} dispatch keys`);
  const states = (
    await db.query(`SELECT state, count(*)::int AS count FROM sign_offs WHERE tenant_id = (SELECT tenant_id FROM owners LIMIT 1) GROUP BY state ORDER BY state`)
  ).rows;
  const stored = (await db.query(`SELECT id, state, decided_at IS NOT NULL AS decided FROM sign_offs`)).rows;
  const storedIds = new Set(stored.map((row) => row.id));
  for (const id of report.signOffs.asked) if (!storedIds.has(id)) problems.push(`sign-off ${id} was answered but is not stored`);
  if (stored.length !== report.signOffs.asked.size)
    problems.push(`${stored.length} sign-offs stored, the agents were answered for ${report.signOffs.asked.size}`);
  for (const row of stored) if (!row.decided) problems.push(`sign-off ${row.id} is still ${row.state}`);
  const twice = [...report.signOffs.decided].filter(([, count]) => count > 1);
  if (twice.length > 0) problems.push(`${twice.length} sign-offs were answered SignOffDecided more than once`);
  const undecidedByOwner = [...report.signOffs.asked].filter((id) => !report.signOffs.decided.has(id));
  if (undecidedByOwner.length > 0) problems.push(`${undecidedByOwner.length} sign-offs never reached the owner`);
  // Every event the run wrote reaches the outbox; the surviving instances' workers drain what is due (up to 5 s here).
  // Not yet due: each request's reminders before its window closes (days away), which no worker may send now.
  const outboxDepth = async () => (await db.query(`SELECT count(*)::int AS count FROM outbox WHERE done_at IS NULL AND due_at <= now()`)).rows[0].count;
  const outboxAtEnd = await outboxDepth();
  const drainStarted = Date.now();
  let outboxLeft = outboxAtEnd;
  while (outboxLeft > 0 && Date.now() - drainStarted < 5_000) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    outboxLeft = await outboxDepth();
  }
  const drainSeconds = ((Date.now() - drainStarted) / 1000).toFixed(1);
  // What an operator sees now: the two live instances, and the killed one until its last beat is a minute old.
  const status = await new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/app/cli/main.ts', 'status'], {
      cwd: API_DIR,
      env: { ...process.env, DATABASE_URL: seed.url, LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.once('exit', (code) => resolve({ code, out }));
  });
  if (status.code !== 0) problems.push(`pnpm countersign status exited ${status.code}`);
  const audited = (await db.query(`SELECT count(*)::int AS count FROM sign_offs WHERE decided_at IS NOT NULL`)).rows[0].count;
  if (owner.failures.length > 0) problems.push(`the subscription ended with an error: ${owner.failures.map(String).join('; ')}`);
  await db.end();

  const lines = [
    '',
    'Cluster run (scripts/cluster.mjs)',
    `  instances: ${INSTANCES} (one SIGKILLed at ${(KILL_AT_MS / 1000).toFixed(0)}s), load balancer: round robin, passive health check`,
    `  workload: ${WORKLOAD_MS / 1000}s, ${AGENTS} agents, 1 owner over graphql-ws`,
    `  requests sent (retries included): ${report.requestsSent}, answered: ${report.answered}, retries: ${report.retries}`,
    `  errors by kind: ${
      Object.keys(report.errorsByKind).length === 0
        ? 'none'
        : Object.entries(report.errorsByKind)
            .map(([kind, count]) => `${kind} ×${count}`)
            .join(', ')
    }`,
    `  balancer: ${balancer.stats.proxied} proxied, ${balancer.stats.refusedBackends} backend failures marked down, ${balancer.stats.midRequestFailures} mid-request failures, ${balancer.stats.upgrades} WebSocket upgrades`,
    `  WebSocket: ${report.wsConnects} connections (${Math.max(0, report.wsConnects - 1)} reconnects), ${report.wsCloses} closes, ${report.signOffs.resyncs} pending re-reads`,
    `  draws: ${report.draws.succeeded} answered (${report.draws.replayed} of them replays of a lost answer), ${receiptsTotal} receipts`,
    `  sign-offs: ${report.signOffs.asked.size} asked, ${report.signOffs.decided.size} decided by the owner (${report.signOffs.closedAnswers} retries found it already decided), ${audited} decided in the database`,
    '    (an approval whose deed the killed instance left unfinished stays APPROVED until a sweep settles it)',
    `  sign-offs by state: ${states.map((row) => `${row.state} ${row.count}`).join(', ')}`,
    `  outbox: ${outboxAtEnd} due and undelivered when the workload ended; ${outboxLeft === 0 ? `drained in ${drainSeconds}s` : `${outboxLeft} still undelivered after ${drainSeconds}s`}`,
    '  ledger, per authority (before → after: receipts sum = drawn = clients counted):',
    ...after.map((row) => {
      const was = before.find((old) => old.id === row.id);
      return `    ${row.id.slice(0, 8)}  ${was?.receipts ?? 0} → ${row.receipts} = ${row.drawn} = ${report.draws.tokensCounted.get(row.id) ?? 0}`;
    }),
    `  ledger check: ${problems.length === 0 ? 'OK (nothing lost, nothing counted twice, every sign-off decided exactly once)' : 'FAILED'}`,
    ...problems.map((problem) => `    ${problem}`),
    `  instance logs (warnings and errors, by message): ${logged.size === 0 ? 'none' : ''}`,
    ...[...logged]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 8)
      .map(([message, count]) => `    ${message} ×${count}`),
    '  pnpm countersign status, after the run:',
    ...status.out
      .trimEnd()
      .split('\n')
      .map((line) => `    ${line}`),
    `  total time: ${elapsed()}`,
    '',
  ];
  process.stdout.write(lines.join('\n'));
  balancer.server.close();
  for (const backend of backends) backend.agent.destroy();
  return problems.length === 0 ? 0 : 1;
}

let code = 1;
try {
  code = await main();
} catch (error) {
  process.stderr.write(`cluster: ${error.stack ?? error}\n`);
} finally {
  await cleanUp();
}
process.exit(code);
