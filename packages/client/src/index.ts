/**
 * `@countersign/client`: what an agent embeds to ask its owner to sign off
 * through Countersign, wait for the decision and collect a secret result,
 * to draw on the standing authorities its owner granted it, and to publish
 * signed manifests to the registry.
 */
export {
  CountersignAgent,
  type CountersignAgentOptions,
  type DrawOptions,
  type ManifestOptions,
  type PublishManifestOptions,
  type WaitForDecisionOptions,
  type WriteOptions,
} from './agent.js';
export { attestManifest, manifestDigest, signingKeyId, type Attestation, type ManifestDigest, type SignWith } from './manifests.js';
export { ATTESTATION_PREFIX, attestationPayload, canonicalJson } from '@countersign/manifest';
export type { RetryOptions } from './retry.js';
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
  type DrawnWithAuthority,
  type KnownOperation,
  type Manifest,
  type ManifestFormat,
  type ManifestPublished,
  type ManifestRefusal,
  type ManifestVersion,
  type PublishManifestResult,
  type PublishVerdict,
  type Receipt,
  type Repository,
  type RepositoryState,
  type RequestSignOffInput,
  type SignOff,
  type SignOffRequested,
  type SignOffSecretState,
  type SignOffState,
} from './types.js';
