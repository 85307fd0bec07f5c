import { useMemo } from 'react';
import type { SignOffFieldsFragment } from '../../../gql/graphql';
import { heldSentence, type HeldDecision, type HeldRequest } from './held-decision';
import { toInboxRow } from './inbox-row';
import type { SettledEntry } from './use-settled-rows';

/**
 * The Inbox's requests as this tab sees them: every one waiting, as the
 * pages loaded so far hold them (`waiting`: the filters' choices and the
 * count); those not decided or held here (`undecided`: what triage filters
 * and sorts); and a line for each held for Undo or on its way (`heldLines`),
 * which `placeRows` puts back where its row was.
 */
export function useWaitingRows(
  pages: { pages: { nodes: SignOffFieldsFragment[] }[] } | undefined,
  settled: ReadonlyMap<string, SettledEntry>,
  { held, sending }: { held: HeldDecision | undefined; sending: readonly HeldRequest[] },
) {
  const heldHere = [...(held?.requests ?? []), ...sending];
  const decidedHere = (id: string) => settled.has(id) || heldHere.some((request) => request.id === id);
  const waiting = useMemo(() => (pages?.pages.flatMap((page) => page.nodes) ?? []).map(toInboxRow), [pages]);
  const undecided = waiting.filter((row) => !decidedHere(row.id));
  const heldLines = [
    ...(held?.requests ?? []).map((request) => ({ request, text: `${heldSentence({ ...held!, requests: [request] })} — Undo in the toast` })),
    ...sending.map((request) => ({ request, text: 'Sending your decision…' })),
  ];
  return { waiting, undecided, decidedHere, heldLines };
}
