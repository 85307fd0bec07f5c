import type pg from 'pg';
import { query } from '../../platform/db/sql.js';
import { notifySql } from '../../platform/events/notify-sql.js';
import type { Logger } from '../../platform/logger.js';
import { asJob } from '../../platform/log-scope.js';

/** How long an instance gathers landed draws before announcing them: well inside the 250 ms a watcher may wait. */
export const DRAW_ANNOUNCE_DELAY_MS = 25;

export interface DrawAnnouncement {
  tenantId: string;
  authorityId: string;
  ownerId: string;
  agentId: string;
}

/**
 * Announces landed draws after they commit, at most once per authority per
 * gathering window on each instance, in one statement for all of them.
 *
 * A `pg_notify` inside every draw serialises the draws' commits on the
 * notification queue (issue 15: about 40 % of PostgreSQL's draw throughput).
 * A balance shown live is liveness, not truth: the receipt is. An event only
 * says "re-read this authority", and every subscriber reads the row as it
 * stands when the event arrives, so one event after the last of a burst of
 * draws shows all of them. The announcement is sent after the commit, so it
 * never precedes what it announces; a process that dies in between leaves a
 * console behind until its next event or reconnect (which re-reads), never
 * showing a draw that did not land. Revocations are still announced inside
 * their own transactions.
 */
export class DrawAnnouncer {
  private readonly pending = new Map<string, DrawAnnouncement>();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly pool: pg.Pool,
    private readonly log: Logger,
    private readonly delayMs = DRAW_ANNOUNCE_DELAY_MS,
  ) {}

  /** Called once the draw has committed. */
  announce(event: DrawAnnouncement): void {
    this.pending.set(`${event.tenantId}/${event.ownerId}/${event.authorityId}`, event);
    if (this.timer) return;
    // Armed inside the draw's request: the batch is the announcer's job, not that request's (platform/log-scope.ts).
    this.timer = setTimeout(() => void asJob('draw-announcer', () => this.flush()), this.delayMs);
    // A pending announcement does not keep a stopping process alive: losing it only delays a console.
    this.timer.unref();
  }

  /** Sends what has gathered, one notification per authority, in one statement. */
  async flush(): Promise<void> {
    this.timer = undefined;
    const batch = [...this.pending.values()];
    this.pending.clear();
    if (batch.length === 0) return;
    try {
      await query(
        this.pool,
        `/* announceDraws */
        SELECT ${notifySql('AUTHORITY_CHANGED', 'x."tenantId"', { authorityId: 'x."authorityId"', ownerId: 'x."ownerId"', agentId: 'x."agentId"' })}
          FROM jsonb_to_recordset($1::jsonb) AS x ("tenantId" uuid, "authorityId" text, "ownerId" uuid, "agentId" uuid)`,
        [JSON.stringify(batch)],
      );
    } catch (error) {
      // The draws are committed; only their live announcement is lost, which the next event or a reconnect makes good.
      this.log.warn({ err: error, authorities: batch.length }, 'could not announce landed draws');
    }
  }
}

const announcers = new WeakMap<pg.Pool, DrawAnnouncer>();

/** The instance's announcer for draws on this pool (one per process and database). */
export function drawAnnouncerFor(pool: pg.Pool, log: Logger): DrawAnnouncer {
  let announcer = announcers.get(pool);
  if (!announcer) {
    announcer = new DrawAnnouncer(pool, log);
    announcers.set(pool, announcer);
  }
  return announcer;
}
