import type { SignOffFieldsFragment } from '../../gql/graphql';

/** What describing a request needs of it: the operation asked for, its exact input, and who and what it concerns. */
export type EffectSubject = Pick<SignOffFieldsFragment, 'op' | 'input' | 'agent' | 'repository' | 'operation' | 'description'>;

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

/** How the words are written: numbers and money in the locale, instants in the time zone (the browser's when absent). */
export interface EffectContext {
  locale: string;
  timeZone?: string;
}
