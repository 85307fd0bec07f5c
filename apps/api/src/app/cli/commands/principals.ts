import { createOwner, prepareOwner } from '../../../domains/owners/service.js';
import { lockSetup } from '../../../domains/setup/store.js';
import { reissueSetupToken } from '../../../domains/setup/service.js';
import { createAgent, revokeAgent, rotateAgentKey } from '../../../domains/agents/service.js';
import { createOwnerToken, revokeOwnerToken } from '../../../domains/owner-tokens/service.js';
import { UsageError } from '../command-line.js';
import type { Command } from '../cli-context.js';
import { field, terminal } from '../terminal-text.js';
import { readPassword } from '../read-password.js';

/** `owner add`, `setup-link`, `agent add|rotate|revoke`, `owner-token create|revoke`: the principals an owner holds. A new secret goes to stdout, once. */
export const principalCommands: Record<string, Command> = {
  'setup-link': async ({ deps, config }) => {
    // For an operator who lost the link the server printed at its start (it prints one per database, not per start).
    const issued = await reissueSetupToken(deps);
    if (!issued) throw new UsageError('An owner exists already: no setup link is needed. Sign in, or add owners with "owner add".');
    terminal.err(`A new first-owner setup link, valid until ${issued.expiresAt.toISOString()} (earlier unused links no longer work):\n`);
    terminal.out(`${config.publicUrl}/setup#token=${issued.token}\n`);
  },
  'owner add': async ({ input, deps }) => {
    const details = { email: input.need('email'), tenantName: input.optional('tenant') ?? 'Default', password: await readPassword() };
    const passwordHash = await prepareOwner(details);
    // Serialised with the console's first-owner setup (and other CLI runs), like every owner creation.
    const owner = await deps.scope.transaction(async (tx) => {
      await lockSetup(tx);
      return createOwner(tx, details, passwordHash);
    });
    terminal.out(`${owner.id}\n`);
    terminal.err(`Owner ${field(owner.email)} created.\n`);
  },
  'agent add': async (cli) => {
    const outcome = await createAgent(cli.deps, await cli.actingOwner(), cli.input.need('name'));
    if (outcome.kind === 'name-taken') throw new UsageError('That owner already has a live agent with this name.');
    terminal.err(`Agent ${field(outcome.agent.name)} (${outcome.agent.id}) created. Its key is shown this once:\n`);
    terminal.out(`${outcome.key}\n`);
  },
  'agent rotate': async (cli) => {
    const rotated = await rotateAgentKey(cli.deps, await cli.actingOwner(), cli.input.need('id'));
    if (!rotated) throw new UsageError('That owner has no live agent with this id.');
    terminal.err(`Agent ${field(rotated.agent.name)} has a new key; the old one no longer works. It is shown this once:\n`);
    terminal.out(`${rotated.key}\n`);
  },
  'agent revoke': async (cli) => {
    const agent = await revokeAgent(cli.deps, await cli.actingOwner(), cli.input.need('id'));
    if (!agent) throw new UsageError('That owner has no agent with this id.');
    terminal.err(`Agent ${field(agent.name)} is revoked.\n`);
  },
  'owner-token create': async (cli) => {
    const scope = cli.input.need('scope').toUpperCase();
    if (scope !== 'READ' && scope !== 'DECIDE' && scope !== 'ADMIN') throw new UsageError('--scope is read, decide or admin.');
    const created = await createOwnerToken(cli.deps, await cli.actingOwner(), { name: cli.input.need('name'), scope });
    terminal.err(`Owner token ${field(created.ownerToken.name)} (${created.ownerToken.id}, scope ${scope}) created. It is shown this once:\n`);
    terminal.out(`${created.token}\n`);
  },
  'owner-token revoke': async (cli) => {
    const revoked = await revokeOwnerToken(cli.deps, await cli.actingOwner(), cli.input.need('id'));
    if (!revoked) throw new UsageError('That owner has no owner token with this id.');
    terminal.err(`Owner token ${field(revoked.name)} is revoked.\n`);
  },
};
