import { useEffect, useState } from 'react';
import type { Settled } from '../decision-controls';

/** How long a decided request stays in the list as a one-line outcome before it leaves. */
const SETTLED_ROW_MS = 5_000;

/** A decided request keeps its place for a few seconds: where it was, and since when. */
export interface SettledEntry extends Settled {
  index: number;
  at: number;
}

/**
 * The requests this tab decided, collapsed in place to their outcome (UI5):
 * `record` adds them where their rows were, and each leaves the list
 * SETTLED_ROW_MS after its decision.
 */
export function useSettledRows() {
  const [settled, setSettled] = useState<ReadonlyMap<string, SettledEntry>>(new Map());

  useEffect(() => {
    if (settled.size === 0) return;
    const soonest = Math.min(...[...settled.values()].map((entry) => entry.at));
    const timer = setTimeout(
      () => setSettled((entries) => new Map([...entries].filter(([, entry]) => Date.now() - entry.at < SETTLED_ROW_MS))),
      Math.max(0, soonest + SETTLED_ROW_MS - Date.now()),
    );
    return () => clearTimeout(timer);
  }, [settled]);

  /** Keeps each decided request at `indexOf(id)`, where its row was. */
  const record = (entries: readonly Settled[], indexOf: (id: string) => number) =>
    setSettled((current) => {
      const at = Date.now();
      const updated = new Map(current);
      for (const entry of entries) updated.set(entry.signOff.id, { ...entry, index: Math.max(0, indexOf(entry.signOff.id)), at });
      return updated;
    });

  return { settled, record };
}
