/**
 * `@countersign/client`: what an agent embeds to ask its owner to sign off
 * through Countersign, wait for the decision and collect a secret result.
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
  type KnownOperation,
  type Repository,
  type RepositoryState,
  type RequestSignOffInput,
  type SignOff,
  type SignOffRequested,
  type SignOffSecretState,
  type SignOffState,
} from './types.js';
