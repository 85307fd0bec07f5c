// Starts the embedded PostgreSQL on the folder given and waits to be killed:
// the orphaned-postmaster tests SIGKILL this process and look at what is left.
import { startEmbeddedPostgres } from '../src/platform/db/embedded-postgres.js';
import { createLogger } from '../src/platform/logger.js';

const database = await startEmbeddedPostgres({ dataDir: process.argv[2]!, log: createLogger('warn') });
process.on('SIGTERM', () => void database.stop().then(() => process.exit(0)));
process.stdout.write('READY\n');
setInterval(() => undefined, 1 << 30);
