import { useInfiniteQuery } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import type { OperationRunner, SignOffFieldsFragment } from '../gql/graphql';
import { ConfirmDialog } from '../layout/modal-dialog';
import { Timestamp } from '../layout/timestamp';
import { useResultMutation } from '../transport/use-result-mutation';
import { InputFields } from './input-fields';
import { RunProgress } from './run-progress';
import { formatTimeLeft, InputHash, isDefined, JsonBlock, Outcome, requestTitle, RiskChip, STATE_LABELS, StateBadge, useNow } from './sign-off-display';
import { signOffMutations, signOffQueries } from './sign-off-queries';

/**
 * A request this tab tried to decide, kept on screen after it leaves the
 * pending list: the owner must see what came of their click, and a losing
 * click must say so rather than silently vanish.
 */
interface Settled {
  signOff: SignOffFieldsFragment;
  /** Somebody else decided first (another tab, session or the expiry): this click changed nothing. */
  lost: boolean;
}

/**
 * The owner's pending requests, live (see `signOffLiveEvents`): approve or
 * deny each, with an optional note; irreversible operations ask again.
 */
export function InboxPage() {
  const pending = useInfiniteQuery(signOffQueries.pending());
  const [settled, setSettled] = useState<Settled[]>([]);
  const now = useNow();

  const settledIds = new Set(settled.map((entry) => entry.signOff.id));
  const waiting = (pending.data?.pages.flatMap((page) => page.nodes) ?? []).filter((signOff) => !settledIds.has(signOff.id));

  const onSettled = (entry: Settled) => setSettled((current) => [entry, ...current.filter((other) => other.signOff.id !== entry.signOff.id)]);
  const dismiss = (id: string) => setSettled((current) => current.filter((entry) => entry.signOff.id !== id));

  return (
    <>
      <h1>Inbox</h1>
      <p className="muted">Your agents ask here before they do anything consequential. Nothing runs until you approve it, exactly as shown.</p>

      {settled.length > 0 && (
        <section aria-labelledby="settled-heading" className="stack">
          <h2 id="settled-heading">Decided just now</h2>
          {settled.map((entry) => (
            <SettledRequest key={entry.signOff.id} {...entry} onDismiss={() => dismiss(entry.signOff.id)} />
          ))}
        </section>
      )}

      <section aria-labelledby="waiting-heading" className="stack">
        <h2 id="waiting-heading">Waiting for you</h2>
        {pending.isPending ? (
          <p role="status">Loading requests…</p>
        ) : pending.isError ? (
          <p role="alert" className="error">
            Could not load requests: {pending.error.message}
          </p>
        ) : waiting.length === 0 ? (
          <p className="muted">Nothing waits for you.</p>
        ) : (
          waiting.map((signOff) => <PendingRequest key={signOff.id} signOff={signOff} now={now} onSettled={onSettled} />)
        )}
        {pending.hasNextPage && (
          <button type="button" className="secondary" onClick={() => void pending.fetchNextPage()} disabled={pending.isFetchingNextPage}>
            {pending.isFetchingNextPage ? 'Loading…' : 'Load more'}
          </button>
        )}
      </section>
    </>
  );
}

function PendingRequest({ signOff, now, onSettled }: { signOff: SignOffFieldsFragment; now: number; onSettled: (entry: Settled) => void }) {
  const headingId = useId();
  const [confirming, setConfirming] = useState(false);
  const note = useRef<HTMLInputElement>(null);
  const decide = useResultMutation(signOffMutations.decide(), {
    onSuccess: (result) => onSettled({ signOff: result.signOff, lost: false }),
    onRefusal: (refusal) => {
      if (refusal.__typename === 'NotFound') return `${refusal.message} It may have been removed; the list is refreshing.`;
      // Without the request as it stands, the stale copy stands in (its state then goes unnamed).
      onSettled({ signOff: refusal.signOff ?? signOff, lost: true });
      return null;
    },
  });
  const decideNow = (approve: boolean) => decide.mutate({ id: signOff.id, approve, note: note.current?.value.trim() || null });

  const approve = () => {
    if (!signOff.irreversible) {
      decideNow(true);
      return;
    }
    decide.reset();
    setConfirming(true);
  };

  const deciding = decide.pending ? (decide.variables?.approve ? 'approve' : 'deny') : undefined;
  const error = decide.refusal ?? (decide.failure === undefined ? undefined : `Deciding failed: ${decide.failure}`);
  return (
    <article aria-labelledby={headingId} className="card request">
      <header className="request-header">
        <h3 id={headingId}>{requestTitle(signOff)}</h3>
        <span className="badges">
          <RiskChip risk={signOff.risk} />
          {signOff.irreversible && <span className="badge irreversible">Irreversible</span>}
        </span>
      </header>
      <p className="summary">{signOff.summary}</p>
      <RequestFacts signOff={signOff} now={now} />
      <div>
        <h4>Input, exactly as it will run</h4>
        {isDefined(signOff) ? <InputFields signOff={signOff} /> : <JsonBlock value={signOff.input} label="Input" />}
      </div>
      {/* Not a form: Enter in the note must not decide anything. */}
      <div className="decision">
        <label className="grow">
          Note
          <input ref={note} name="note" maxLength={2000} autoComplete="off" placeholder="Optional; the agent can read it" />
        </label>
        <button type="button" onClick={approve} disabled={deciding !== undefined}>
          {deciding === 'approve' ? 'Approving…' : 'Approve'}
        </button>
        <button type="button" className="danger" onClick={() => decideNow(false)} disabled={deciding !== undefined}>
          {deciding === 'deny' ? 'Denying…' : 'Deny'}
        </button>
      </div>
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      {confirming && (
        <ConfirmIrreversibleDialog
          signOff={signOff}
          onCancel={() => setConfirming(false)}
          onConfirm={() => {
            setConfirming(false);
            decideNow(true);
          }}
        />
      )}
    </article>
  );
}

/** The facts an owner weighs, as a description list (each term names its value for assistive technology). */
function RequestFacts({ signOff, now }: { signOff: SignOffFieldsFragment; now: number }) {
  return (
    <dl className="facts">
      <div>
        <dt>Agent</dt>
        <dd>{signOff.agent.name}</dd>
      </div>
      <div>
        <dt>Operation</dt>
        <dd>
          <code>{signOff.op}</code>
          {isDefined(signOff) && <> v{signOff.opVersion}</>}
        </dd>
      </div>
      {signOff.repository && (
        <div>
          <dt>Repository</dt>
          <dd>{signOff.repository.name}</dd>
        </div>
      )}
      <div>
        <dt>Reason</dt>
        <dd>{signOff.reason ?? <span className="muted">None given</span>}</dd>
      </div>
      <div>
        <dt>Requested</dt>
        <dd>
          <Timestamp value={signOff.requestedAt} />
        </dd>
      </div>
      <div>
        <dt>Expires</dt>
        <dd>
          <time dateTime={signOff.expiresAt} title={new Date(signOff.expiresAt).toLocaleString()}>
            {formatTimeLeft(signOff.expiresAt, now)}
          </time>
        </dd>
      </div>
      <div>
        <dt>Input hash</dt>
        <dd>
          <InputHash hash={signOff.inputHash} />
        </dd>
      </div>
    </dl>
  );
}

function SettledRequest({ signOff, lost, onDismiss }: Settled & { onDismiss: () => void }) {
  const headingId = useId();
  const label = STATE_LABELS[signOff.state];
  return (
    <article aria-labelledby={headingId} className="card request settled">
      <header className="request-header">
        <h3 id={headingId}>{requestTitle(signOff)}</h3>
        {signOff.state !== 'PENDING' && <StateBadge state={signOff.state} />}
      </header>
      {lost ? (
        <p role="alert" className="error">
          Already decided{signOff.state === 'PENDING' ? '' : `: ${label}`}. It was settled before your click (in another tab or session, or it expired), so your
          decision changed nothing.
        </p>
      ) : (
        <p role="status">{outcomeSentence(signOff)}</p>
      )}
      <RunProgress signOff={signOff} />
      <Outcome signOff={signOff} />
      <div className="actions">
        <button type="button" className="secondary" onClick={onDismiss}>
          Dismiss
        </button>
      </div>
    </article>
  );
}

function outcomeSentence(signOff: SignOffFieldsFragment): string {
  switch (signOff.state) {
    case 'SUCCEEDED':
      return 'Approved. It ran and succeeded.';
    case 'FAILED':
      return 'Approved, but it failed; nothing was changed.';
    case 'DENIED':
      return 'Denied. Nothing ran.';
    case 'APPROVED':
      return 'Approved. It is still running; History will show the outcome.';
    case 'AWAITING_REDEEM':
      return 'Approved — waiting for the agent to redeem. History will show when it does and how it went.';
    case 'DELIVERING':
      return 'Approved. Delivering it to your webhook; History will show the attempts and the outcome.';
    default:
      return STATE_LABELS[signOff.state];
  }
}

/** What approving sets going, by who runs the operation. */
const RUNS_WHEN_APPROVED: Record<OperationRunner, string> = {
  SERVER: 'It runs as soon as you approve, with exactly the input shown.',
  AGENT: 'Once you approve, the agent may redeem its grant and do it, with exactly the input shown.',
  WEBHOOK: 'It is delivered to your webhook as soon as you approve, with exactly the input shown.',
};

function ConfirmIrreversibleDialog({ signOff, onCancel, onConfirm }: { signOff: SignOffFieldsFragment; onCancel: () => void; onConfirm: () => void }) {
  return (
    <ConfirmDialog title="Approve something irreversible?" confirmLabel="Yes, approve" danger onConfirm={onConfirm} onClose={onCancel}>
      <p>
        <strong>{signOff.description}</strong> cannot be undone. {RUNS_WHEN_APPROVED[signOff.operation.runner]}
      </p>
    </ConfirmDialog>
  );
}
