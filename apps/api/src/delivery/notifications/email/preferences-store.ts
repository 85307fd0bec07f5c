import { query, type Queryable } from '../../../platform/db/sql.js';
import type { NotificationEventName } from '../events.js';

export type EmailModeName = 'immediate' | 'digest' | 'off';

export interface EmailPreferenceRow {
  mode: EmailModeName;
  digestMinutes: number | null;
}

/** With no row of the owner's: a new request and its reminders come at once (they ask the owner to act), the rest not at all. */
export function defaultEmailPreference(event: NotificationEventName): EmailPreferenceRow {
  return { mode: event === 'SIGN_OFF_REQUESTED' || event === 'SIGN_OFF_EXPIRING' ? 'immediate' : 'off', digestMinutes: null };
}

/** When the owner is emailed about this kind of event: their row, or the default. */
export async function emailPreferenceOf(db: Queryable, tenantId: string, ownerId: string, event: NotificationEventName): Promise<EmailPreferenceRow> {
  const rows = await query<EmailPreferenceRow>(
    db,
    `/* emailPreferenceOf */
    SELECT mode, digest_minutes AS "digestMinutes" FROM email_preferences WHERE tenant_id = $1::uuid AND owner_id = $2::uuid AND event = $3`,
    [tenantId, ownerId, event],
  );
  return rows[0] ?? defaultEmailPreference(event);
}

/** The owner's own rows, by event (events without one follow the default). */
export async function ownEmailPreferences(db: Queryable, tenantId: string, ownerId: string): Promise<Map<string, EmailPreferenceRow>> {
  const rows = await query<EmailPreferenceRow & { event: string }>(
    db,
    `/* ownEmailPreferences */
    SELECT event, mode, digest_minutes AS "digestMinutes" FROM email_preferences WHERE tenant_id = $1::uuid AND owner_id = $2::uuid`,
    [tenantId, ownerId],
  );
  return new Map(rows.map(({ event, ...row }) => [event, row]));
}

/** Sets the owner's preference for one event (a second call replaces the first). */
export async function saveEmailPreference(
  db: Queryable,
  owner: { tenantId: string; ownerId: string },
  event: NotificationEventName,
  preference: EmailPreferenceRow,
): Promise<void> {
  await query(
    db,
    `/* saveEmailPreference */
    INSERT INTO email_preferences (tenant_id, owner_id, event, mode, digest_minutes) VALUES ($1::uuid, $2::uuid, $3, $4, $5)
    ON CONFLICT (tenant_id, owner_id, event) DO UPDATE SET mode = EXCLUDED.mode, digest_minutes = EXCLUDED.digest_minutes`,
    [owner.tenantId, owner.ownerId, event, preference.mode, preference.digestMinutes],
  );
}
