import { createContext, useContext } from 'react';

/**
 * Asks the owner for their password and resolves true once the session has
 * proved it again, false when they cancel. Changes that could weaken the
 * two-person rule or send data away need a fresh password
 * (docs/owner-tokens.md, OT4), as HIGH approvals do (S17).
 *
 * The port lives here, beside `useResultMutation` that calls it; the session
 * feature provides it (`ReauthenticationProvider`), so the transport never
 * imports a feature.
 */
export type AskPassword = () => Promise<boolean>;

export const AskPasswordContext = createContext<AskPassword | null>(null);

/** Mutation meta for the changes that answer `ReauthenticationRequired`: `useResultMutation` then asks and sends them again. */
export const REAUTHENTICATES = { reauthenticate: true } as const;

/** The shared password prompt, or null outside the provider (a test rendering one component). */
export function useAskPassword(): AskPassword | null {
  return useContext(AskPasswordContext);
}
