import { useRef, useState } from 'react';

/**
 * Copying a secret shown once (an agent key, an API token, a webhook secret):
 * to the clipboard, or, where the page may not use it, selected in its field
 * so it can be copied by hand.
 */
export function useCopySecret(secret: string) {
  const [copied, setCopied] = useState<'copied' | 'failed'>();
  const field = useRef<HTMLInputElement>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied('copied');
    } catch {
      field.current?.select();
      setCopied('failed');
    }
  };
  return { field, copied, copy };
}

/** What became of the copy, naming the secret (`key`, `token`, `secret`). */
export function CopyNotice({ copied, what }: { copied: 'copied' | 'failed' | undefined; what: string }) {
  if (copied === 'copied') return <p className="muted">Copied to the clipboard.</p>;
  if (copied === 'failed') return <p className="muted">The clipboard is not available here: the {what} is selected, copy it by hand.</p>;
  return null;
}
