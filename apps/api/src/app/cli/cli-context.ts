import type { OwnerPrincipal } from '../../platform/lib/principal.js';
import type { Config } from '../../platform/config/config.js';
import type { Database } from '../../platform/db/database.js';
import type { ServiceDeps } from '../../platform/lib/deps.js';
import type { SecretBox } from '../../platform/lib/sealed.js';
import { isUuid } from '../../platform/lib/validation.js';
import { findOwnerByEmail, findTenantBySlug } from '../../domains/owners/store.js';
import { buildRuntime, type BuiltRuntime } from '../runtime.js';
import { loadProvedBox } from '../sealing-key.js';
import { UsageError } from './command-line.js';

/** The options of one command line, read the way every command reads them: a missing or malformed one is a usage error naming it. */
export class CommandInput {
  constructor(
    readonly command: string,
    readonly subject: readonly string[],
    readonly values: Record<string, string | boolean | undefined>,
  ) {}

  /** A required `--name`. */
  need(name: string): string {
    const value = this.values[name];
    if (typeof value !== 'string' || value === '') throw new UsageError(`"${this.command}" needs --${name}.`);
    return value;
  }

  optional(name: string): string | undefined {
    const value = this.values[name];
    return typeof value === 'string' ? value : undefined;
  }

  flag(name: string): boolean {
    return this.values[name] === true;
  }

  /** An optional whole number (an amount, a count). */
  amount(name: string): number | undefined {
    const value = this.optional(name);
    if (value === undefined) return undefined;
    if (!/^\d+$/.test(value)) throw new UsageError(`--${name} must be a whole number, got "${value}".`);
    return Number(value);
  }

  /** The one request id a `signoff approve|deny` names after the command. */
  onlyId(): string {
    if (this.subject.length !== 1) throw new UsageError(`"${this.command}" takes one request id, e.g. "${this.command} 0d9e…".`);
    return this.subject[0]!;
  }
}

/** What a command runs with: its input, the open database, the services' dependencies and the configuration. */
export class CliContext {
  constructor(
    readonly input: CommandInput,
    readonly db: Database,
    readonly deps: ServiceDeps,
    readonly config: Config,
  ) {}

  /** The owner named by --owner, acting as that owner would from the console (without a session). */
  async actingOwner(): Promise<OwnerPrincipal> {
    const owner = await findOwnerByEmail(this.db.pool, this.input.need('owner').toLowerCase());
    if (!owner) throw new UsageError('No owner has that email.');
    return { kind: 'owner', tenantId: owner.tenantId, ownerId: owner.id };
  }

  /** The tenant --tenant names, by id or slug. */
  async auditTenant(required: boolean): Promise<string | undefined> {
    const named = required ? this.input.need('tenant') : this.input.optional('tenant');
    if (named === undefined || isUuid(named)) return named;
    const tenant = await findTenantBySlug(this.db.pool, named);
    if (!tenant) throw new UsageError(`No tenant has the slug "${named}".`);
    return tenant.id;
  }

  /** The sealing key and approval signer the server uses (the outbox worker stays the server's: it polls). */
  async runtime(): Promise<BuiltRuntime> {
    await loadProvedBox(this.config, this.db.pool, this.deps.log);
    return buildRuntime(this.config, this.db, this.deps.log);
  }

  /** The same sealing key as the server: on the embedded database, the one kept in its data folder. */
  box(): Promise<SecretBox> {
    return loadProvedBox(this.config, this.db.pool, this.deps.log);
  }
}

/** One CLI command: what it does with its context. */
export type Command = (cli: CliContext) => Promise<void>;
