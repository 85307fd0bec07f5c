import { pino, type DestinationStream, type Logger as PinoLogger, type LoggerOptions } from 'pino';

/** The structured JSON logger every module writes to. */
export type Logger = PinoLogger;

/**
 * Creates the process logger. Credentials can only reach a log line through a
 * request's headers or variables, so those paths are redacted here, once,
 * rather than trusted to every call site.
 */
export function createLogger(level: string = process.env.LOG_LEVEL ?? 'info', destination?: DestinationStream): Logger {
  const options: LoggerOptions = {
    level,
    base: { service: 'countersign-api' },
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'headers.authorization', 'headers.cookie', '*.password', '*.key', '*.token', 'variables'],
      censor: '[redacted]',
    },
  };
  return destination ? pino(options, destination) : pino(options);
}
