import { useMutationState, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useResultMutation } from '../../../shared/transport/use-result-mutation';
import { settledSentence, type KeyDecision, type Settled } from '../decision-controls';
import { requestTitle } from '../sign-off-display';
import { signOffMutations, signOffQueries } from '../sign-off-queries';
import { batchOutcome } from './batch-outcome';
import { decidingIds } from './gone-request';
import { droppedSentence, undoneSentence, type HeldRequest } from './held-decision';
import type { InboxRow } from './inbox-row';
import { firstBatch, nextAfter } from './triage-view';
import { useHeldDecision } from './use-held-decision';

type Record = (entries: readonly Settled[], indexOf: (id: string) => number) => void;
type Say = (message: string | undefined) => void;

/**
 * The Inbox's decisions held for Undo (UI5): what is due is checked against
 * the list as the cache holds it at that moment, what was dropped is said,
 * and an answer settles its rows where they were and refreshes every list.
 */
export function useInboxUndo({ record, say }: { record: Record; say: Say }) {
  const queryClient = useQueryClient();
  return useHeldDecision({
    waitingNow: () => {
      const cached = queryClient.getQueryData<InfiniteData<{ nodes: { id: string }[] }>>(signOffQueries.pending().queryKey);
      return new Set(cached?.pages.flatMap((page) => page.nodes.map((node) => node.id)) ?? []);
    },
    onDropped: (decision, fate) => say(droppedSentence(decision, fate)),
    onSent: (decision, sent, answer) => {
      const indexes = new Map(sent.map((request) => [request.id, request.index]));
      answer.then(
        (outcome) => {
          record(outcome.settled, (id) => indexes.get(id) ?? 0);
          say(outcome.message);
        },
        (error: unknown) =>
          say(
            `${decision.approve ? 'Approving' : 'Denying'} failed: ${error instanceof Error ? error.message : String(error)} Nothing was decided; it still waits.`,
          ),
      );
      // Whatever the answer, every list and the count refetch, as after any decision (even once the Inbox is left).
      void answer.finally(() => queryClient.invalidateQueries({ queryKey: signOffQueries.all() })).catch(() => undefined);
    },
  });
}

/** The requests a decision from this tab is on its way for (`decidingIds`, from every pending sign-off mutation). */
export function useDecidingIds(): ReadonlySet<string> {
  return decidingIds(useMutationState({ filters: { mutationKey: signOffQueries.all(), status: 'pending' }, select: (mutation) => mutation.state.variables }));
}

export interface InboxDecisionsInput {
  /** The waiting rows' ids in the order shown, and the rows selected. */
  ids: readonly string[];
  chosen: readonly InboxRow[];
  /** The 700 ms hold after a move the owner did not make: nothing is decided meanwhile. */
  held: boolean;
  undoable: ReturnType<typeof useInboxUndo>;
  record: Record;
  say: Say;
  setSelected: (update: (current: ReadonlySet<string>) => ReadonlySet<string>) => void;
  moveTo: (id: string | undefined, how: { byOwner: boolean }) => void;
}

/**
 * How the Inbox decides: one request through its pane (`settle` with the
 * answer), a selection in one call, or a low-risk decision by key held for
 * Undo; after each, the cursor moves on to the next waiting request.
 */
export function useInboxDecisions({ ids, chosen, held, undoable, record, say, setSelected, moveTo }: InboxDecisionsInput) {
  /** The requests decided (or held for Undo) leave the selection, and the cursor moves on to the next waiting one. */
  const moveOnFrom = (decided: ReadonlySet<string>) => {
    setSelected((current) => new Set([...current].filter((id) => !decided.has(id))));
    moveTo(nextAfter(ids, decided), { byOwner: false });
  };
  const settle = (entries: readonly Settled[]) => {
    record(entries, (id) => ids.indexOf(id));
    moveOnFrom(new Set(entries.map((entry) => entry.signOff.id)));
  };
  /** One request decided through its pane: its row settles in place, and the toast says how it went. */
  const settleOne = (entry: Settled) => {
    settle([entry]);
    say(`${requestTitle(entry.signOff)}: ${settledSentence(entry)}`);
  };
  /** Holds a low-risk decision made by key for Undo: its rows leave the list, the toast says when it is sent. */
  const holdForUndo = (requests: readonly InboxRow[], decision: KeyDecision & { single: boolean }) => {
    const requestsHeld: HeldRequest[] = requests.map((row) => ({ id: row.id, title: requestTitle(row.signOff), index: Math.max(0, ids.indexOf(row.id)) }));
    undoable.hold({ requests: requestsHeld, ...decision });
    say(undefined);
    moveOnFrom(new Set(requestsHeld.map((request) => request.id)));
  };
  const undo = () => {
    const undone = undoable.undo();
    if (undone === undefined) return;
    say(undoneSentence(undone));
    // The requests come back as they were: a batch selected again, the cursor on the first of them (the owner's own doing: no wait).
    if (!undone.single) setSelected(() => new Set(undone.requests.map((request) => request.id)));
    moveTo(undone.requests[0]?.id, { byOwner: true });
  };
  const decideMany = useResultMutation(signOffMutations.decideMany(), {
    onSuccess: (results, input) => {
      const outcome = batchOutcome(results, input.approve);
      settle(outcome.settled);
      say(outcome.message);
    },
  });
  const decideSelected = (approve: boolean, note: string | null = null, { byKey = false } = {}) => {
    if (held) return;
    const batch = firstBatch(chosen);
    if (byKey && batch.every((row) => row.risk === 'LOW')) holdForUndo(batch, { approve, note, single: false });
    else decideMany.mutate({ ids: batch.map((row) => row.id), approve, note });
  };
  return { settle, settleOne, holdForUndo, undo, decideMany, decideSelected };
}
