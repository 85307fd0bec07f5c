/**
 * Every event that crosses instances, by topic, with its payload. Publishers
 * and subscribers both go through this map, so they cannot drift apart.
 * Payloads carry ids only: a subscriber reads the current row itself, under
 * its own principal's rules.
 */
export interface Topics {
  AGENT_CHANGED: { agentId: string; ownerId: string; kind: 'CREATED' | 'REVOKED' | 'KEY_ROTATED' };
  /** A console session ended (sign-out): its open sockets close. */
  SESSION_ENDED: { sessionId: string };
  /** An owner token was revoked: its open sockets close. */
  OWNER_TOKEN_REVOKED: { tokenId: string };
  /** Any change to a sign-off request: asked, decided, settled, withdrawn, expired, secret taken or lapsed. */
  SIGN_OFF_CHANGED: { signOffId: string; ownerId: string; agentId: string };
  /** A standing authority was issued, drawn on or revoked. */
  AUTHORITY_CHANGED: { authorityId: string; ownerId: string; agentId: string };
}

export type Topic = keyof Topics;

/**
 * Each topic's payload as it travels: every field, and the JSON type it
 * arrives as. Typed against `Topics`, so a field added, dropped or renamed
 * there fails to compile here until this map agrees; SQL that announces a
 * change is built from it (see notify-sql.ts), and a test holds what
 * PostgreSQL actually sends to it.
 */
export const PAYLOAD_FIELDS: { [T in Topic]: { [K in keyof Topics[T]]-?: Topics[T][K] extends string ? 'string' : never } } = {
  AGENT_CHANGED: { agentId: 'string', ownerId: 'string', kind: 'string' },
  SESSION_ENDED: { sessionId: 'string' },
  OWNER_TOKEN_REVOKED: { tokenId: 'string' },
  SIGN_OFF_CHANGED: { signOffId: 'string', ownerId: 'string', agentId: 'string' },
  AUTHORITY_CHANGED: { authorityId: 'string', ownerId: 'string', agentId: 'string' },
};

/** One event as it travels through PostgreSQL NOTIFY. */
export interface BusEvent<T extends Topic = Topic> {
  topic: T;
  tenantId: string;
  payload: Topics[T];
}

/** The single NOTIFY channel every instance LISTENs on. */
export const EVENTS_CHANNEL = 'countersign_events';
