import { createServer, type ServerResponse } from 'node:http';
import type { Config } from '../platform/config/config.js';
import type { Logger } from '../platform/logger.js';

/** How long a client refused while the server starts should wait before it asks again. */
const RETRY_AFTER_SECONDS = 5;

/**
 * Answers on the server's port while its database opens and migrates, which
 * can take minutes: a supervisor's liveness probe (`/healthz`) sees a process
 * that is alive and `starting`, instead of a closed port it would restart it
 * for, while readiness (`/readyz`) and every other request get 503 until the
 * instance serves. Returns the function that frees the port for the real
 * listener; with port 0 (an ephemeral port nobody could probe) it listens on
 * nothing.
 */
export async function answerWhileStarting(config: Pick<Config, 'host' | 'port'>, log: Logger): Promise<() => Promise<void>> {
  if (config.port === 0) return async () => undefined;
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (path === '/healthz') return answer(res, 200);
    res.setHeader('Retry-After', String(RETRY_AFTER_SECONDS));
    answer(res, 503);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  log.info({ port: config.port }, 'starting: /healthz answers while the database opens and migrates');
  return () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
}

function answer(res: ServerResponse, status: number): void {
  res.writeHead(status, { 'Content-Type': 'application/json', Connection: 'close' });
  res.end(JSON.stringify({ status: 'starting' }));
}
