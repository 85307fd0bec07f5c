import { useCallback, useRef, useState, type ReactNode } from 'react';
import { AskPasswordContext, type AskPassword } from '../../shared/transport/ask-password';
import { ReauthenticateDialog } from './reauthenticate-dialog';

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
