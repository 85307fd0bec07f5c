// The load balancer of a cluster run, in this process: round robin, no
// sticky sessions, WebSocket upgrades passed through, a backend that refuses
// connections skipped (a passive health check).
import http from 'node:http';
import net from 'node:net';

const DOWN_FOR_MS = 2_000;

/**
 * Round robin over the instances on `ports`, no stickiness. A backend that
 * refuses a connection is marked down for a while and the same request goes
 * to the next (nothing was sent, so that is safe for any request); one that
 * fails mid-request answers 502, and the client retries as it would behind
 * any balancer. WebSocket upgrades are piped through to a backend whole.
 */
export function startBalancer(ports) {
  const backends = ports.map((port) => ({ port, downUntil: 0, agent: new http.Agent({ keepAlive: true, maxSockets: 32 }) }));
  const stats = { proxied: 0, refusedBackends: 0, midRequestFailures: 0, upgrades: 0, lastUpgradePort: undefined };
  const rotation = createRotation(backends, stats);
  const server = http.createServer((req, res) => proxyRequest(req, res, rotation, stats));
  server.on('upgrade', (req, socket, head) => proxyUpgrade(req, socket, head, rotation, stats));
  const close = () => {
    server.close();
    for (const backend of backends) backend.agent.destroy();
  };
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ port: server.address().port, stats, close })));
}

/** The next live backend not in `skip`, and marking one down. */
function createRotation(backends, stats) {
  let next = 0;
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
  return { pick, markDown };
}

const forwarded = (req) => ({
  ...req.headers,
  'x-forwarded-for': req.socket.remoteAddress,
  'x-forwarded-proto': 'http',
});

function proxyRequest(req, res, { pick, markDown }, stats) {
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
}

function proxyUpgrade(req, socket, head, { pick, markDown }, stats) {
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
      const lines = [`${req.method} ${req.url} HTTP/1.1`];
      for (const [name, value] of Object.entries(forwarded(req))) for (const one of [value].flat()) lines.push(`${name}: ${one}`);
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
}
