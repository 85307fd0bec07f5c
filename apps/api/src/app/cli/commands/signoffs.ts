import { decideSignOff, type SeenDecideOutcome } from '../../../domains/signoffs/service.js';
import { listPrincipalSignOffs } from '../../../domains/signoffs/reads.js';
import { STORED_STATES, type StoredState } from '../../../domains/signoffs/store.js';
import { UsageError } from '../command-line.js';
import type { CliContext, Command } from '../cli-context.js';
import { field, terminal } from '../terminal-text.js';

/** `signoff list|approve|deny`: an owner's sign-off requests, decided as the machine's holder. */
export const signOffCommands: Record<string, Command> = {
  'signoff list': async (cli) => {
    const state = cli.input.optional('state')?.toLowerCase();
    if (state !== undefined && !STORED_STATES.includes(state as StoredState)) throw new UsageError(`--state is one of ${STORED_STATES.join(', ')}.`);
    const page = await listPrincipalSignOffs(cli.deps, await cli.actingOwner(), { state: state as StoredState | undefined }, 100, undefined);
    for (const row of page.nodes) {
      terminal.out(
        `${row.id}\t${row.state.toUpperCase()}\t${field(row.op)}\t${row.requestedAt.toISOString()}\t${field(row.summary.replace(/[ \t\n\r]+/g, ' '))}\n`,
      );
    }
    if (page.pageInfo.hasNextPage) terminal.err('(the newest 100 are shown; narrow with --state)\n');
  },
  'signoff approve': (cli) => decide(cli, true),
  'signoff deny': (cli) => decide(cli, false),
};

async function decide(cli: CliContext, approve: boolean): Promise<void> {
  const id = cli.input.onlyId();
  const note = approve ? cli.input.optional('note') : cli.input.need('note');
  const owner = await cli.actingOwner();
  const outcome = await decideSignOff({ ...cli.deps, runtime: await cli.runtime() }, owner, id, approve, note);
  refuseUndecided(outcome);
  const approved = outcome.signOff.state === 'partially_approved' ? 'approved once: it waits for a second owner' : 'approved';
  terminal.err(`Request ${id} is ${approve ? approved : 'denied'}.\n`);
  terminal.out(`${outcome.signOff.state.toUpperCase()}\n`);
}

/** Every outcome but a decision is the caller's to fix: it says which, and nothing was decided. */
function refuseUndecided(outcome: SeenDecideOutcome): asserts outcome is Extract<SeenDecideOutcome, { kind: 'done' }> {
  if (outcome.kind === 'not-found') throw new UsageError('That owner has no sign-off request with this id.');
  if (outcome.kind === 'closed') throw new UsageError(`That request is no longer pending: it is ${outcome.signOff.state.toUpperCase()}.`);
  // The CLI acts as the machine's holder, never as a session or a token: it is not asked to re-authenticate.
  if (outcome.kind === 'reauthentication-required') throw new UsageError('Approving this request needs a fresh password.');
  if (outcome.kind === 'second-approver-required') throw new UsageError('This owner gave the first approval already: the second must be another owner’s.');
  if (outcome.kind === 'input-mismatch')
    throw new UsageError('Another owner approved this request with changes: approve the edited input in the console, where it is shown. Nothing was decided.');
}
