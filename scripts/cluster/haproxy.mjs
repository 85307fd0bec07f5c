// Debian's haproxy in front of a rolling restart, configured as docs/deploy.md
// tells an operator to: an active health check on /readyz that takes an
// instance out after one failed check and back after two good ones, and no
// retries or redispatch to hide a request an instance dropped; and, for a
// request that reaches no instance (none is in because the database is down
// and every /readyz fails, or the one chosen refused the connection), a 503 of
// haproxy's own shaped like an instance's: UNAVAILABLE, Retry-After.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { freePort } from './instances.mjs';
import { spawnTracked } from './processes.mjs';
import { NO_INSTANCE_READY_MESSAGE } from './settings.mjs';

/** The haproxy binary Debian installs (`apt-get install haproxy`; .ci/run does it when missing). */
const HAPROXY = 'haproxy';

/** haproxy's version line, or a clear failure when it is not installed. */
export function haproxyVersion() {
  try {
    return execFileSync(HAPROXY, ['-v'], { encoding: 'utf8' }).split('\n')[0].trim();
  } catch {
    throw new Error("the rolling restart needs Debian's haproxy on the PATH: apt-get install -y haproxy (.ci/run installs it when missing)");
  }
}

/** The configuration the run uses, as an operator would write it; the backend's servers are `i1`, `i2`, … in `ports` order. */
export function haproxyConfig({ port, ports, socket, errorfile }) {
  return [
    'global',
    `  stats socket ${socket} mode 600 level admin`,
    '  maxconn 4096',
    'defaults',
    '  mode http',
    '  timeout connect 2s',
    '  timeout client 60s',
    '  timeout server 60s',
    // graphql-ws sockets stay open for the whole run, quiet between events.
    '  timeout tunnel 1h',
    // haproxy would retry a refused connection 3 times by default: the bar is 0 failures with none.
    '  retries 0',
    // A request that reaches no instance is answered by haproxy: the same JSON error an instance gives, so clients retry it alike.
    `  errorfile 503 ${errorfile}`,
    'frontend countersign',
    `  bind 127.0.0.1:${port}`,
    '  default_backend instances',
    'backend instances',
    '  balance roundrobin',
    '  option httpchk GET /readyz',
    ...ports.map((backend, index) => `  server i${index + 1} 127.0.0.1:${backend} check inter 1s fall 1 rise 2`),
    '',
  ].join('\n');
}

/** Starts haproxy in the foreground on a free loopback port before `ports`; resolves once it answers on its stats socket. */
export async function startHaproxy(ports, scratch) {
  const port = await freePort();
  const socket = path.join(scratch, 'haproxy.sock');
  const config = path.join(scratch, 'haproxy.cfg');
  const errorfile = path.join(scratch, 'haproxy-503.http');
  writeFileSync(errorfile, noInstanceReadyAnswer());
  writeFileSync(config, haproxyConfig({ port, ports, socket, errorfile }));
  const child = spawnTracked(HAPROXY, ['-db', '-f', config], { stdio: ['ignore', 'ignore', 'pipe'] });
  let errors = '';
  child.stderr.on('data', (chunk) => (errors += chunk));
  const haproxy = { port, child, stat: () => readStat(socket) };
  for (;;) {
    if (child.exitCode !== null) throw new Error(`haproxy exited (${child.exitCode}):\n${errors}`);
    if (
      await haproxy.stat().then(
        () => true,
        () => false,
      )
    )
      return haproxy;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The raw HTTP answer of haproxy's errorfile 503: what docs/deploy.md gives an operator to put in theirs. */
export function noInstanceReadyAnswer() {
  const body = JSON.stringify({ errors: [{ message: NO_INSTANCE_READY_MESSAGE, extensions: { code: 'UNAVAILABLE' } }] });
  return [
    'HTTP/1.1 503 Service Unavailable',
    'content-type: application/json',
    'retry-after: 1',
    'cache-control: no-store',
    `content-length: ${Buffer.byteLength(body)}`,
    'connection: close',
    '',
    body,
  ].join('\r\n');
}

/** `show stat` on the stats socket, as rows keyed by haproxy's column names (pxname, svname, status, req_tot, hrsp_5xx, …). */
function readStat(socket) {
  return new Promise((resolve, reject) => {
    let text = '';
    const connection = net.connect(socket, () => connection.end('show stat\n'));
    connection.setEncoding('utf8');
    connection.on('data', (chunk) => (text += chunk));
    connection.once('error', reject);
    connection.once('end', () => {
      const [header, ...lines] = text.trim().split('\n');
      if (!header?.startsWith('# ')) return reject(new Error(`not a stat answer: ${text.slice(0, 80)}`));
      const names = header.slice(2).split(',');
      resolve(lines.map((line) => Object.fromEntries(line.split(',').map((value, i) => [names[i], value]))));
    });
  });
}

/** Resolves once haproxy reports server `name` of the backend with a status `wanted` accepts ('UP', 'DOWN', …). */
export async function untilServer(haproxy, name, wanted) {
  for (;;) {
    const row = (await haproxy.stat()).find((each) => each.pxname === 'instances' && each.svname === name);
    if (row && wanted(row.status)) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The frontend's counts: requests received and answers haproxy gave or passed on with a 5xx. */
export async function frontendCounts(haproxy) {
  const row = (await haproxy.stat()).find((each) => each.pxname === 'countersign' && each.svname === 'FRONTEND');
  return { requests: Number(row.req_tot), answered5xx: Number(row.hrsp_5xx) };
}
