import type { ServiceDeps } from '../../platform/lib/deps.js';
import { domainError } from '../../platform/lib/errors.js';
import type { OwnerPrincipal } from '../../platform/lib/principal.js';
import { authenticatedRecently } from './sessions-store.js';

/**
 * Whether the owner proved their password within the last 10 minutes, as a
 * HIGH approval needs it (docs/sign-offs.md, S17) and so do the changes that
 * could let one person act as two, or send data away (docs/owner-tokens.md,
 * OT4): a console session that signed in or re-authenticated in the window.
 * An owner token never has (it cannot re-authenticate); the CLI, run by
 * whoever holds the server's machine, is not asked.
 */
export async function freshlyAuthenticated(deps: Pick<ServiceDeps, 'scope'>, owner: OwnerPrincipal): Promise<boolean> {
  if (owner.token) return false;
  if (!owner.sessionId) return true;
  return authenticatedRecently(deps.scope.reads, owner.tenantId, owner.sessionId);
}

/** The answer when a change needs a fresh password: `what` names the change, as the owner would ("Creating a webhook endpoint"). */
export function reauthenticationRequired(what: string) {
  return domainError(
    'ReauthenticationRequired',
    'REAUTHENTICATION_REQUIRED',
    `${what} needs your password again (reauthenticate), in a console session; an owner token cannot do it. Nothing was changed.`,
  );
}
