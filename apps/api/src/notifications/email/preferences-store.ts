import type { Queryable } from '../../db/sql.js';
import type { NotificationEventName } from '../events.js';

export type EmailModeName = 'immediate' | 'digest' | 'off';

export interface EmailPreferenceRow {
  mode: EmailModeName;
  digestMinutes: number | null;
}

/** STUB: when the owner is emailed about this kind of event. */
export function emailPreferenceOf(_db: Queryable, _tenantId: string, _ownerId: string, event: NotificationEventName): Promise<EmailPreferenceRow> {
  return Promise.resolve({ mode: event === 'SIGN_OFF_REQUESTED' || event === 'SIGN_OFF_EXPIRING' ? 'immediate' : 'off', digestMinutes: null });
}
