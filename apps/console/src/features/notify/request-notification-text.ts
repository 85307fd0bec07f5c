import { agentSays, askerLine, describeEffect, riskInWords } from '@countersign/effect';
import type { SignOffFieldsFragment } from '../../gql/graphql';
import { requesterName } from '../sign-offs/sign-off-display';

/** What the notification reads of a request. */
export type NotifiedRequest = Pick<
  SignOffFieldsFragment,
  'op' | 'input' | 'description' | 'agent' | 'proposedBy' | 'repository' | 'operation' | 'risk' | 'irreversible' | 'summary'
>;

/**
 * What a notification says about a request, in the words and order of the
 * server's push (apps/api/src/delivery/notifications/push/message.ts, which adds the
 * time left), so the two replace each other by tag: who asks in the title; the body leads with the effect the
 * console computes from the input (`describeEffect`), then the risk in words,
 * then what the agent says, marked and escaped as its words (issue 26, items
 * 4 and 5) — never the agent's summary as if it were the effect.
 */
export function requestNotificationText(signOff: NotifiedRequest): { title: string; body: string } {
  const proposed = !signOff.agent;
  const title = `${askerLine(requesterName(signOff), proposed)} ${proposed ? 'a change' : 'for a sign-off'}`;
  const says = agentSays(signOff.summary, proposed ? requesterName(signOff) : 'Agent');
  return { title, body: [describeEffect(signOff).sentence, riskInWords(signOff.risk, signOff.irreversible), says].join('\n') };
}
