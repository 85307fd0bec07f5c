import type { ServiceDeps } from '../../../platform/lib/deps.js';
import { lockRepository } from '../../repositories/store.js';
import { findOperation } from '../catalogue/operations.js';
import { claimApproved, recordFailure, recordSuccess } from './run-store.js';
import { withdrawRevokedAgentRequests } from '../store.js';

/**
 * Runs an approved request's deed, exactly once: the request row is locked
 * and re-checked, the repository locked and compared with the one asked
 * about, and the deed's writes commit together with the outcome. Called
 * right after an approval and by the sweep; whichever comes second finds
 * the request settled and does nothing. A deed that throws (a fault, not a
 * refusal) rolls back and is left for the sweep to try again.
 *
 * No deed runs for a revoked agent: its revocation withdraws the request,
 * and a request it missed (revoked before revocation closed requests) is
 * withdrawn here the same way.
 */
export async function settleApproved(deps: ServiceDeps, tenantId: string, id: string): Promise<void> {
  const { log } = deps;
  try {
    await deps.scope.transaction(async (tx) => {
      const claim = await claimApproved(tx, tenantId, id);
      if (!claim) return;
      if (!claim.agentLive && claim.agentId !== null) {
        await withdrawRevokedAgentRequests(tx, tenantId, claim.agentId, id);
        return;
      }
      const repository = claim.repositoryId ? await lockRepository(tx, tenantId, claim.repositoryId) : null;
      const changed =
        claim.repositoryId !== null &&
        (!repository || repository.deletedAt !== null || repository.code !== claim.repositoryCode || repository.ownerId !== claim.ownerId);
      const deed = { db: tx, tenantId, ownerId: claim.ownerId, agentId: claim.agentId, repository, signOffId: id };
      const outcome = changed
        ? { ok: false as const, reason: 'The repository changed since it was asked for (deleted, re-created or handed on); nothing ran.' }
        : await findOperation(claim.op).execute(deed, JSON.parse(claim.input));
      if (outcome.ok) {
        await recordSuccess(tx, tenantId, id, {
          result: outcome.result,
          secret: outcome.secret ? JSON.stringify(outcome.secret) : null,
          minted: outcome.minted ?? null,
        });
      } else {
        await recordFailure(tx, tenantId, id, outcome.reason);
      }
    });
  } catch (error) {
    const code = (error as { code?: string }).code ?? '';
    // A data or constraint error fails the same way every time: record it
    // instead of leaving the request for the sweep to retry forever.
    if (/^2[23]/.test(code)) {
      log.warn({ signOffId: id, code }, "the database refused an approved sign-off's deed; recording it as failed");
      await deps.scope
        .transaction((tx) => recordFailure(tx, tenantId, id, 'The operation could not be applied: the database refused it.'))
        .catch(() => undefined);
      return;
    }
    log.error({ signOffId: id, err: (error as Error).message }, 'running an approved sign-off failed; the sweep will retry');
  }
}
