import type { DecideSignOffsMutation } from '../../../gql/graphql';
import type { Settled } from '../decision-controls';

type BatchResult = DecideSignOffsMutation['decideSignOffs'][number];

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * What one batch came to, from its answers (one per id, in the ids' order): which
 * requests it settled (decided, or lost to an earlier decision) and one
 * sentence that accounts for every id, so no refusal hides behind a total.
 */
export function batchOutcome(results: readonly BatchResult[], approve: boolean): { settled: Settled[]; message: string } {
  const settled: Settled[] = [];
  let decided = 0;
  let lost = 0;
  let notBatchable = 0;
  let other = 0;
  for (const result of results) {
    if (result.__typename === 'SignOffDecided') {
      decided += 1;
      settled.push({ signOff: result.signOff, lost: false });
    } else if (result.__typename === 'SignOffClosed') {
      lost += 1;
      settled.push({ signOff: result.signOff, lost: true });
    } else if (result.__typename === 'NotBatchable') notBatchable += 1;
    else other += 1;
  }
  const parts = [`${approve ? 'Approved' : 'Denied'} ${plural(decided, 'request', 'requests')}.`];
  if (lost > 0) parts.push(`${plural(lost, 'was', 'were')} already decided elsewhere.`);
  if (notBatchable > 0)
    parts.push(
      `${plural(notBatchable, 'is', 'are')} not low risk and still ${notBatchable === 1 ? 'waits' : 'wait'}: open ${notBatchable === 1 ? 'it' : 'them'} to decide.`,
    );
  if (other > 0) parts.push(`${other} could not be decided (gone, or needing your password); ${other === 1 ? 'it stays' : 'they stay'} in the list.`);
  return { settled, message: parts.join(' ') };
}
