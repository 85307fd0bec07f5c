import { pino, type DestinationStream, type Logger as PinoLogger, type LoggerOptions } from 'pino';
import { logScopeFields } from './log-scope.js';
import { PROCESS_INSTANCE_ID, PROCESS_WORKER } from './process-identity.js';

/** The structured JSON logger every module writes to. */
export type Logger = PinoLogger;

/**
 * Creates the process logger. Credentials can only reach a log line through a
 * request's headers or variables, so those paths are redacted here, once,
 * rather than trusted to every call site.
 *
 * Every line names its process (`instance`: the id its heartbeat row and
 * traces carry; `worker`: its cluster slot, 0 for a primary or a single
 * process; `pid`) and, from platform/log-scope.ts, whose work it is
 * (`requestId`, or `job` and `jobRun`), so lines from several instances
 * sharing one database can be told apart and followed.
 */
export function createLogger(
  level: string = process.env.LOG_LEVEL ?? 'info',
  destination?: DestinationStream,
  /** Fields added to every line from where it is written (the trace id while tracing is on, platform/telemetry/spans.ts). */
  mixin?: (fields: object) => object,
): Logger {
  const options: LoggerOptions = {
    level,
    base: { service: 'countersign-api', instance: PROCESS_INSTANCE_ID, worker: PROCESS_WORKER, pid: process.pid },
    mixin: mixin ? (line) => ({ ...logScopeFields(line), ...mixin(line) }) : logScopeFields,
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'headers.authorization', 'headers.cookie', '*.password', '*.key', '*.token', 'variables'],
      censor: '[redacted]',
    },
  };
  return destination ? pino(options, destination) : pino(options);
}

/**
 * Sends what libraries print with console.error / console.warn (graphql-ws
 * reports a client's oversized WebSocket frame that way, with a stack) to
 * the logger as one JSON line each, without stacks: the process's output
 * stays parseable, and a client cannot fill it with multi-line traces.
 * Returns a function that puts the console back.
 */
export function routeConsoleToLog(log: Logger): () => void {
  const original = { error: console.error, warn: console.warn };
  const describe = (args: unknown[]) =>
    args
      .map((arg) => (arg instanceof Error ? `${arg.name}: ${arg.message}` : String(arg)))
      .join(' ')
      .slice(0, 1000);
  console.error = (...args: unknown[]) => log.warn({ console: describe(args) }, 'library reported an error');
  console.warn = (...args: unknown[]) => log.warn({ console: describe(args) }, 'library reported a warning');
  return () => {
    console.error = original.error;
    console.warn = original.warn;
  };
}
