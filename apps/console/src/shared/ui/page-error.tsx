import { errorDetail } from '../transport/plain-errors';
import './page-error.css';

export interface PageErrorProps {
  /** What the page could not load, as it would read in a sentence: "agents", "the versions of billing". */
  what: string;
  error: Error;
  onRetry: () => void;
  /** A retry is in flight: the button says so and cannot be pressed twice. */
  retrying?: boolean;
}

/**
 * A page (or section) that could not load its data: what failed in plain
 * words, a Retry, and the technical detail folded away for whoever needs to
 * report it. The transport already words its errors for an owner, so the
 * message is shown as it comes.
 */
export function PageError({ what, error, onRetry, retrying = false }: PageErrorProps) {
  const detail = errorDetail(error);
  return (
    <div role="alert" className="page-error">
      <p className="error">
        Could not load {what}. {error.message}
      </p>
      <button type="button" className="secondary" onClick={onRetry} disabled={retrying}>
        {retrying ? 'Retrying…' : 'Retry'}
      </button>
      {detail !== undefined && (
        <details className="page-error-details">
          <summary>Details</summary>
          <code>{detail}</code>
        </details>
      )}
    </div>
  );
}
