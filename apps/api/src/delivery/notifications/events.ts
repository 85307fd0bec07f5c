/**
 * Every event an owner can be told about, with what its outbox row carries.
 * The rows are written by SQL (the sign-off and agent triggers of the
 * notifications migration, the draw's statement); `parseEvent` holds them to
 * this map, so a field renamed on one side fails loudly on the first event
 * rather than telling owners nothing.
 */
export interface NotificationEvents {
  SIGN_OFF_REQUESTED: { ownerId: string; signOffId: string; agentId: string };
  SIGN_OFF_DECIDED: { ownerId: string; signOffId: string; agentId: string };
  SIGN_OFF_FINISHED: { ownerId: string; signOffId: string; agentId: string };
  /**
   * Internal: a request closed unanswered (expired, withdrawn). Not a
   * `NotificationEvent` of the API — no endpoint or inbox hears it — but it
   * closes the request's notification on the owner's devices.
   */
  SIGN_OFF_CLOSED: { ownerId: string; signOffId: string; agentId: string };
  /** 24 or 1: the hours left when the reminder falls due. */
  SIGN_OFF_EXPIRING: { ownerId: string; signOffId: string; agentId: string; hoursLeft: number };
  AUTHORITY_LOW: { ownerId: string; authorityId: string; agentId: string; dimension: AuthorityDimension };
  AUTHORITY_EXHAUSTED: { ownerId: string; authorityId: string; agentId: string; dimension: AuthorityDimension };
  AGENT_REVOKED: { ownerId: string; agentId: string };
  /** The tenant's audit chain head at `seq` was signed (docs/audit.md, rule L4); told to every owner of the tenant. */
  AUDIT_HEAD_SIGNED: { ownerId: string; seq: number };
}

export type NotificationEventName = keyof NotificationEvents;

/** The ceilings of a standing authority that can run low. */
export type AuthorityDimension = 'tokens' | 'minorUnits' | 'draws';

/** The events of the API's `NotificationEvent` enum (what owners subscribe to), in its order. */
export const NOTIFICATION_EVENTS: readonly Exclude<NotificationEventName, 'SIGN_OFF_CLOSED'>[] = [
  'SIGN_OFF_REQUESTED',
  'SIGN_OFF_DECIDED',
  'SIGN_OFF_FINISHED',
  'SIGN_OFF_EXPIRING',
  'AUTHORITY_LOW',
  'AUTHORITY_EXHAUSTED',
  'AGENT_REVOKED',
  'AUDIT_HEAD_SIGNED',
];

/** One event as its outbox row carries it. */
export type NotificationEvent = { [E in NotificationEventName]: { type: E } & NotificationEvents[E] }[NotificationEventName];

const FIELDS: { [E in NotificationEventName]: { [K in keyof NotificationEvents[E]]-?: 'string' | 'number' } } = {
  SIGN_OFF_REQUESTED: { ownerId: 'string', signOffId: 'string', agentId: 'string' },
  SIGN_OFF_DECIDED: { ownerId: 'string', signOffId: 'string', agentId: 'string' },
  SIGN_OFF_FINISHED: { ownerId: 'string', signOffId: 'string', agentId: 'string' },
  SIGN_OFF_CLOSED: { ownerId: 'string', signOffId: 'string', agentId: 'string' },
  SIGN_OFF_EXPIRING: { ownerId: 'string', signOffId: 'string', agentId: 'string', hoursLeft: 'number' },
  AUTHORITY_LOW: { ownerId: 'string', authorityId: 'string', agentId: 'string', dimension: 'string' },
  AUTHORITY_EXHAUSTED: { ownerId: 'string', authorityId: 'string', agentId: 'string', dimension: 'string' },
  AGENT_REVOKED: { ownerId: 'string', agentId: 'string' },
  AUDIT_HEAD_SIGNED: { ownerId: 'string', seq: 'number' },
};

/** One of the API's `NotificationEvent`s (an owner may subscribe to it). */
export function isNotificationEvent(name: string): name is (typeof NOTIFICATION_EVENTS)[number] {
  return (NOTIFICATION_EVENTS as readonly string[]).includes(name);
}

function isKnownEvent(name: string): name is NotificationEventName {
  return Object.hasOwn(FIELDS, name);
}

/** The event an `event` outbox row carries; throws when the row does not fit the map (a bug, never input). */
export function parseEvent(payload: string): NotificationEvent {
  const raw = JSON.parse(payload) as Record<string, unknown>;
  const type = raw.type;
  if (typeof type !== 'string' || !isKnownEvent(type)) throw new Error(`an outbox event of unknown type ${String(type)}`);
  const event: Record<string, unknown> = { type };
  for (const [field, kind] of Object.entries(FIELDS[type])) {
    // An owner-to-owner request (tenant.*) has no agent: its events carry agentId null, read as "" (no agent), as the bus does.
    if (field === 'agentId' && raw[field] === null && type.startsWith('SIGN_OFF_')) {
      event[field] = '';
      continue;
    }
    if (typeof raw[field] !== kind) throw new Error(`an outbox event ${type} lacks ${field} (${kind})`);
    event[field] = raw[field];
  }
  return event as NotificationEvent;
}
