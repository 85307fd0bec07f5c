import { useEffect, useRef, useState } from 'react';
import { useConnectionState } from '../transport/graphql-client';
import { describeOutage, nextOutage, outageShown, startOutage, type Outage } from './outage';

/** How often the banner looks at the clock while the connection is down: enough to appear on time and keep the minutes right. */
const TICK_MS = 1_000;

/**
 * Says, while live updates are down, since when and that the page may be out
 * of date. Quiet during a first connection and a quick reconnection
 * (outage.ts), so it never flashes on load.
 */
export function LiveUpdatesBanner() {
  const state = useConnectionState();
  // The outage as last stamped (written by the effect, when each change is seen), and what a clock tick last read of it.
  const tracked = useRef<Outage | null>(null);
  const [seen, setSeen] = useState<{ outage: Outage; now: number } | null>(null);
  if (state === 'connected' && seen !== null) setSeen(null);

  useEffect(() => {
    const now = Date.now();
    const outage = tracked.current ? nextOutage(tracked.current, state, now) : startOutage(state, now);
    tracked.current = outage;
    if (state === 'connected') return;
    // The clock runs only while down: nothing re-renders while live updates flow.
    const timer = setInterval(() => setSeen({ outage, now: Date.now() }), TICK_MS);
    return () => clearInterval(timer);
  }, [state]);

  if (state === 'connected' || seen === null || !outageShown(seen.outage, seen.now)) return null;
  return (
    <p role="status" className="banner outage">
      {describeOutage(seen.outage, seen.now)}
    </p>
  );
}
