import type { Effect } from '@countersign/effect';
import type { SignedHead } from '../../domains/audit/signed-head.js';
import type { AuthorityDimension, NotificationEventName } from './events.js';

/** A request as a notification shows it: the API's `SignOff` fields, never its secret. */
export interface SignOffSnapshot {
  id: string;
  op: string;
  opVersion: number;
  description: string;
  irreversible: boolean;
  risk: 'LOW' | 'MEDIUM' | 'HIGH';
  riskReasons: string[];
  /** The agent that asked; null for an owner-to-owner request (`tenant.*`), which `proposedBy` filed. */
  agent: { id: string; name: string } | null;
  /** The owner who filed an owner-to-owner request (docs/sign-offs.md, S21); null when an agent asked. */
  proposedBy: { id: string; email: string } | null;
  repository: { id: string; name: string } | null;
  input: unknown;
  inputHash: string;
  summary: string;
  reason: string | null;
  state: string;
  requestedAt: string;
  expiresAt: string;
  decidedAt: string | null;
  note: string | null;
  finishedAt: string | null;
  result: unknown;
  failure: string | null;
}

/** A standing authority as a notification shows it: its ceilings and what is drawn. */
export interface AuthoritySnapshot {
  id: string;
  name: string;
  agent: { id: string; name: string };
  currency: string | null;
  ceiling: { tokens: number | null; minorUnits: number | null; draws: number | null };
  drawn: { tokens: number; minorUnits: number; draws: number };
  remaining: { tokens: number | null; minorUnits: number | null; draws: number | null };
}

export interface AgentSnapshot {
  id: string;
  name: string;
  revokedAt: string | null;
}

/**
 * One event with everything a channel renders: the object it is about as
 * the API would return it when the event was fanned out, and the console
 * page it links to (built from COUNTERSIGN_PUBLIC_URL, never HOST/PORT).
 */
export interface Notice {
  /** Stable for the event: the webhook-id, Message-ID and push tag derive from it. */
  eventId: string;
  type: NotificationEventName;
  /** When it happened (a reminder: when it fell due). */
  at: Date;
  tenantId: string;
  ownerId: string;
  ownerEmail: string;
  /** The console page that shows it (a request's own page for sign-off events). */
  link: string;
  signOff?: SignOffSnapshot;
  /**
   * With `signOff`: what approving it would do, as the console describes it
   * (`describeEffect`), which every channel leads with (issue 26, item 5).
   */
  effect?: Effect;
  authority?: AuthoritySnapshot;
  /** The agent the event is about; absent for an event about the tenant (AUDIT_HEAD_SIGNED) or an owner-to-owner request (its `signOff.proposedBy`). */
  agent?: AgentSnapshot;
  /** AUDIT_HEAD_SIGNED: the signed head, whole, so the receiver keeps it off the box (docs/audit.md). */
  auditHead?: SignedHead;
  /** SIGN_OFF_EXPIRING: 24 or 1. */
  hoursLeft?: number;
  /** AUTHORITY_LOW / AUTHORITY_EXHAUSTED: the ceiling crossed. */
  dimension?: AuthorityDimension;
}

/** The console's address for a path, under the public URL (which may carry a path prefix). */
export function consoleLink(publicUrl: string, path: string): string {
  return new URL(path.replace(/^\//, ''), publicUrl.endsWith('/') ? publicUrl : `${publicUrl}/`).toString();
}
