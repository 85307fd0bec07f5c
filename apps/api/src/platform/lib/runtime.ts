import type { RowLimits } from './row-limits.js';
import type { SecretBox } from './sealed.js';

/** What an approval token says (approvals/ signs it; the `iss`, `iat` and `exp` are the signer's). */
export interface ApprovalClaims {
  sub: string;
  op: string;
  opVersion: number;
  inputHash: string;
  agent: string;
  /** The owner whose approval completed the request; absent when a standing rule approved it. */
  approvedBy?: string;
  /** Every owner whose approval counted, in the order they approved (both, for a two-person request; none for a rule). */
  approvers: string[];
  /** The standing rule that approved the request, when one did. */
  rule?: string;
  /** The tenant's id; also the token's `aud`, so a service of another tenant refuses it. */
  tenant: string;
  jti: string;
}

/**
 * The per-process machinery some services need beyond the database: the key
 * that seals secrets at rest, the approval-token signer, and a way to wake
 * this instance's delivery worker. main.ts builds it once; a request's
 * context carries it.
 */
export interface Runtime {
  production: boolean;
  box: SecretBox;
  approvals: { sign(claims: ApprovalClaims): Promise<string> };
  /** Tells this instance's outbox worker that a row is due now (other instances find it by polling). */
  wakeDeliveries(): void;
  /** SMTP_URL and MAIL_FROM are set: owners can be emailed. */
  emailAvailable: boolean;
  /** The VAPID key browsers subscribe to push with (made at first start, shared by every instance). */
  push: { publicKey(): Promise<string> };
  /** How many rows an owner, tenant or agent may make (platform/lib/row-limits.ts). */
  limits: RowLimits;
}
