import type { Command } from '../cli-context.js';
import { auditCommands } from './audit.js';
import { databaseCommands } from './database.js';
import { principalCommands } from './principals.js';
import { signOffCommands } from './signoffs.js';
import { secretKeyCommands } from './secret-key.js';

/** Every command that runs on the database, by its words ("signoff approve"); USAGE in command-line.ts lists them for people. */
export const COMMANDS: Readonly<Record<string, Command>> = {
  ...databaseCommands,
  ...principalCommands,
  ...signOffCommands,
  ...auditCommands,
  ...secretKeyCommands,
};

/** Commands that take words after their own (a request id); every other command refuses them. */
export const TAKES_SUBJECT: ReadonlySet<string> = new Set(['signoff approve', 'signoff deny']);
