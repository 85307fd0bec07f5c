/**
 * `@countersign/client`: what an agent embeds to ask its owner to sign off
 * through Countersign on any operation of the catalogue, wait for the
 * decision, redeem an approval and report how it went, or collect a secret
 * result; to draw on the standing authorities its owner granted it; and to
 * publish signed manifests to the registry. `verifyApproval` is for the
 * services an agent acts through.
 */
export { CountersignAgent } from './agent.js';
export type {
  CountersignAgentOptions,
  DrawOptions,
  ManifestOptions,
  OperationsOptions,
  PublishManifestOptions,
  RedeemOptions,
  WriteOptions,
} from './agent-options.js';
export type { WaitForDecisionOptions } from './wait-for-decision.js';
export { attestManifest, manifestDigest, signingKeyId, type Attestation, type ManifestDigest, type SignWith } from './manifests.js';
export { ATTESTATION_PREFIX, attestationPayload, canonicalJson, hashCanonical } from '@countersign/manifest';
export { APPROVAL_TOKEN_TYPE, verifyApproval, type ApprovalClaims, type ExpectedApproval, type VerifyApprovalOptions } from './approvals.js';
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
  FINAL_STATES,
  isDecided,
  isFinal,
  type Amounts,
  type Authority,
  type AuthorityGrantInput,
  type AuthorityState,
  type BuiltInOperationInputs,
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
  type NoSecretReason,
  type Operation,
  type OperationInput,
  type OperationRunner,
  type Outcome,
  type PublishManifestResult,
  type PublishVerdict,
  type Receipt,
  type Redeemed,
  type Repository,
  type RepositoryState,
  type RequestSignOffInput,
  type Risk,
  type SecretNotTaken,
  type SecretTaken,
  type SignOff,
  type SignOffPage,
  type AuthorityPage,
  type SignOffRequested,
  type SignOffSecretState,
  type SignOffsFilter,
  type SignOffState,
  type TakeSecretResult,
  type Written,
} from './types.js';
