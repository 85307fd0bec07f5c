/**
 * What describing a request needs of it: the operation asked for, its exact
 * input, and who and what it concerns. Written out rather than taken from the
 * console's generated GraphQL types, so the server describes a request from
 * its own rows in the same words (a structural match for both).
 */
export interface EffectSubject {
  op: string;
  input?: unknown;
  /** The server's description of the request (the operation's, or the agent's summary when it has none). */
  description: string;
  agent?: { name: string } | null;
  repository?: { name: string } | null;
  /** The operation version asked for: its input schema labels the values of a defined operation. */
  operation: { inputSchema?: unknown };
}

/** What approving a request would do, in words, at the lengths the console shows it. */
export interface Effect {
  /** The full sentence an owner checks before approving: "Hands repository billing-service to finance@acme.test". */
  sentence: string;
  /** A few words for a list row: "Transfer to finance@acme.test". */
  brief: string;
  /** What it acts on (the repository, or the agent an authority is granted to), or null. */
  target: string | null;
  /** The largest money amount in the input, formatted, or null. */
  amount: string | null;
}

/** How the words are written: numbers and money in the locale (the UI's, `UI_LOCALE`), instants in the time zone (the browser's when absent). */
export interface EffectContext {
  locale: string;
  timeZone?: string;
}
