import type { AgentTransport } from './agent-transport.js';
import { noSecretReason } from './agent-helpers.js';
import { isSuccess, refusalError } from './answers.js';
import { TAKE_SIGN_OFF_SECRET } from './documents.js';
import { CountersignError } from './errors.js';
import type { SignOff, TakeSecretResult } from './types.js';

/**
 * Takes a request's secret once, as `CountersignAgent.takeSecret` documents:
 * sent once, never retried (the API keeps no secret for replay). When there
 * is none, the API says only that, so the request itself is read for why.
 */
export async function takeSecret<TSecret>(
  api: AgentTransport,
  id: string,
  readSignOff: (id: string) => Promise<SignOff | null>,
): Promise<TakeSecretResult<TSecret>> {
  const { takeSignOffSecret: result } = await api.execute(TAKE_SIGN_OFF_SECRET, { id });
  // The secret's shape depends on the operation, which the SDL types as JSON: the caller names it.
  if (isSuccess(result, 'SignOffSecret')) return { secret: result.secret as TSecret };
  if (result.__typename !== 'SecretUnavailable') throw refusalError(result);
  const signOff = await readSignOff(id);
  if (!signOff) throw new CountersignError('NOT_FOUND', `No sign-off ${id} is visible to this agent.`);
  return { secret: null, reason: noSecretReason(signOff), secretState: signOff.secretState, state: signOff.state };
}
