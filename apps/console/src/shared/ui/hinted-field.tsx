import { useId, type ReactNode } from 'react';

export interface HintedFieldProps {
  label: ReactNode;
  /** Shown under the input and describing it; nothing when absent. */
  hint?: ReactNode;
  /** Spans the form grid's full width. */
  wide?: boolean;
  /** Other descriptions of the input (its problem, say), read before the hint. */
  describedBy?: string;
  /** The input, given what describes it, for its `aria-describedby`. */
  children: (describedBy: string | undefined) => ReactNode;
}

/**
 * A labelled input with a hint beside it. The hint sits outside the label,
 * so it describes the input without becoming part of its accessible name.
 */
export function HintedField({ label, hint, wide = false, describedBy, children }: HintedFieldProps) {
  const hintId = useId();
  const ids = [describedBy, hint ? hintId : undefined].filter(Boolean).join(' ') || undefined;
  return (
    <div className={wide ? 'field wide' : 'field'}>
      <label>
        {label}
        {children(ids)}
      </label>
      {hint && (
        <span id={hintId} className="hint-inline">
          {hint}
        </span>
      )}
    </div>
  );
}
