import { describeEffect, type Effect } from '@countersign/effect';
import type { SignOffFieldsFragment } from '../../../gql/graphql';
import { requesterName } from '../sign-off-display';
import type { TriageItem } from './triage-view';

/** A pending request as the Inbox holds it: what triage sorts and filters by, and its effect described once for the row and the pane. */
export interface InboxRow extends TriageItem {
  signOff: SignOffFieldsFragment;
  described: Effect;
}

export function toInboxRow(signOff: SignOffFieldsFragment): InboxRow {
  const described = describeEffect(signOff);
  return {
    id: signOff.id,
    agentName: requesterName(signOff),
    op: signOff.op,
    repositoryName: signOff.repository?.name ?? null,
    risk: signOff.risk,
    summary: signOff.summary,
    reason: signOff.reason ?? null,
    target: described.target,
    effect: described.sentence,
    requestedAt: signOff.requestedAt,
    expiresAt: signOff.expiresAt,
    signOff,
    described,
  };
}
