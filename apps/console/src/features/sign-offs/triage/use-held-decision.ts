import { useEffect, useRef, useState } from 'react';
import { fateOf, UNDO_MS, type Fate, type HeldDecision, type HeldRequest } from './held-decision';
import { sendHeld, type HeldAnswer } from './send-held';
import { useLatest } from './use-latest';

export interface HeldDecisionEvents {
  /** The requests still waiting, as the list's cache has them at this moment (not as last rendered). */
  waitingNow: () => ReadonlySet<string>;
  /** Some of it was dropped (offline, or requests that left meanwhile): the owner is told. */
  onDropped: (held: HeldDecision, fate: Fate) => void;
  /** It was sent for `sent`; `answer` settles when the API answers (or fails, and the requests still wait). */
  onSent: (held: HeldDecision, sent: readonly HeldRequest[], answer: Promise<HeldAnswer>) => void;
}

/**
 * A low-risk decision made by key, held for Undo (UI5): `hold` starts it,
 * `undo` takes it back unsent, and it is sent when its toast ends, when a
 * newer decision takes the toast, when the Inbox is left, or on `pagehide` —
 * whichever comes first, and once: each held decision is sent or dropped at
 * most one time, never later (UI6).
 */
export function useHeldDecision(events: HeldDecisionEvents) {
  const [held, setHeld] = useState<HeldDecision>();
  /** The serials already sent, dropped or undone: the guard that makes "never twice" hold whatever fires first. */
  const finished = useRef(new Set<number>());
  const serial = useRef(0);
  /** The requests of decisions sent and not answered yet: they stay out of the waiting list until the answer says what became of them. */
  const [sending, setSending] = useState<readonly HeldRequest[]>([]);

  const release = (decision: HeldDecision) => {
    if (finished.current.has(decision.serial)) return;
    finished.current.add(decision.serial);
    setHeld((current) => (current?.serial === decision.serial ? undefined : current));
    const { events: now } = latest.current;
    const fate = fateOf(decision, { online: navigator.onLine, waiting: now.waitingNow() });
    if (fate.offline || fate.left.length > 0) now.onDropped(decision, fate);
    if (fate.send.length === 0) return;
    const answer = sendHeld(decision, fate.send);
    setSending((current) => [...current, ...fate.send]);
    void answer.catch(() => undefined).finally(() => setSending((current) => current.filter((request) => !fate.send.includes(request))));
    now.onSent(decision, fate.send, answer);
  };
  /** What the timer and the leaving act on: the latest render's events, held decision and release, whichever render set them up. */
  const latest = useLatest({ events, held, release });

  // Its toast ends UNDO_MS after it began: then it is sent.
  useEffect(() => {
    if (held === undefined) return;
    const timer = setTimeout(() => latest.current.release(held), Math.max(0, held.dueAt - Date.now()));
    return () => clearTimeout(timer);
  }, [held, latest]);

  // Leaving the page (pagehide) or the Inbox ends the toast at once: what is held is sent now, with keepalive, or dropped.
  useEffect(() => {
    const leave = () => {
      const { held: current, release: releaseNow } = latest.current;
      if (current !== undefined) releaseNow(current);
    };
    window.addEventListener('pagehide', leave);
    return () => {
      window.removeEventListener('pagehide', leave);
      leave();
    };
  }, [latest]);

  return {
    held,
    sending,
    /** Holds a new decision; one already held is sent now (its toast gives way to the new one). */
    hold: (decision: Omit<HeldDecision, 'serial' | 'dueAt'>) => {
      if (held !== undefined) release(held);
      serial.current += 1;
      setHeld({ ...decision, serial: serial.current, dueAt: Date.now() + UNDO_MS });
    },
    /** Takes the held decision back: nothing is sent, now or later. Answers what was undone. */
    undo: (): HeldDecision | undefined => {
      if (held === undefined || finished.current.has(held.serial)) return undefined;
      finished.current.add(held.serial);
      setHeld(undefined);
      return held;
    },
  };
}
