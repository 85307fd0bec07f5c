import { createContext, useCallback, useContext, useRef, useState, type ReactNode } from 'react';
import { ReauthenticateDialog } from './reauthenticate-dialog';

/**
 * Asks the owner for their password and resolves true once the session has
 * proved it again, false when they cancel. Changes that could weaken the
 * two-person rule or send data away need a fresh password
 * (docs/owner-tokens.md, OT4), as HIGH approvals do (S17).
 */
export type AskPassword = () => Promise<boolean>;

const AskPasswordContext = createContext<AskPassword | null>(null);

/** Mutation meta for the changes that answer `ReauthenticationRequired`: `useResultMutation` then asks and sends them again. */
export const REAUTHENTICATES = { reauthenticate: true } as const;

/** The password prompt the whole console shares; rendered once, above every page. */
export function ReauthenticationProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const settle = useRef<(proved: boolean) => void>(undefined);
  const ask = useCallback<AskPassword>(
    () =>
      new Promise<boolean>((resolve) => {
        settle.current?.(false);
        settle.current = resolve;
        setOpen(true);
      }),
    [],
  );
  const finish = (proved: boolean) => {
    setOpen(false);
    settle.current?.(proved);
    settle.current = undefined;
  };
  return (
    <AskPasswordContext.Provider value={ask}>
      {children}
      {open && (
        <ReauthenticateDialog
          reason="This change needs your password again (once every 10 minutes)."
          confirmLabel="Confirm"
          onDone={() => finish(true)}
          onCancel={() => finish(false)}
        />
      )}
    </AskPasswordContext.Provider>
  );
}

/** The shared password prompt, or null outside the provider (a test rendering one component). */
export function useAskPassword(): AskPassword | null {
  return useContext(AskPasswordContext);
}
