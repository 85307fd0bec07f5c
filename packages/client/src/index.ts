/**
 * `@countersign/client`: what an agent embeds to ask its owner to sign off
 * through Countersign, wait for the decision and collect a secret result,
 * and to draw on the standing authorities its owner granted it.
 */
export { CountersignAgent, type CountersignAgentOptions, type WaitForDecisionOptions } from './agent.js';
export {
  CountersignError,
  isCountersignError,
  type ApiErrorCode,
  type ClientErrorCode,
  type CountersignErrorCode,
  type CountersignErrorDetails,
} from './errors.js';
export {
  DECIDED_STATES,
  isDecided,
  type Amounts,
  type Authority,
  type AuthorityState,
  type DrawInput,
  type DrawRefusal,
  type DrawResult,
  type Drawn,
  type KnownOperation,
  type Receipt,
  type Repository,
  type RepositoryState,
  type RequestSignOffInput,
  type SignOff,
  type SignOffRequested,
  type SignOffSecretState,
  type SignOffState,
} from './types.js';
