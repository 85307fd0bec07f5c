import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import type { MoneyThreshold } from '../../gql/graphql';
import { formText } from '../../shared/ui/form-text';
import { PageError } from '../../shared/ui/page-error';
import { formatMoney, parseMoneyAmount } from '@countersign/effect';
import { useResultMutation } from '../../shared/transport/use-result-mutation';
import { moneyThresholdMutations, moneyThresholdQueries } from './money-threshold-queries';

/** The codes the browser knows, offered as the owner types; the API is the judge of what it accepts. */
const CURRENCIES: readonly string[] = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('currency') : [];

/**
 * Money thresholds (docs/sign-offs.md, S15): per currency, the amount above
 * which an agent's request is high risk, whatever its operation. Requests
 * already waiting keep the risk they were given when asked.
 */
export function MoneyThresholdSection() {
  const headingId = useId();
  const thresholds = useQuery(moneyThresholdQueries.list());

  return (
    <section aria-labelledby={headingId} className="stack">
      <h2 id={headingId}>Money thresholds</h2>
      <p className="muted">
        A request that moves more than your threshold in a currency is high risk: approving it asks you to type its amount and your password. A currency with no
        threshold never raises a request. Requests asked from now on are judged by it; those already waiting keep their risk.
      </p>
      {thresholds.isPending ? (
        <p role="status">Loading money thresholds…</p>
      ) : thresholds.isError ? (
        <PageError what="money thresholds" error={thresholds.error} onRetry={() => void thresholds.refetch()} retrying={thresholds.isFetching} />
      ) : thresholds.data.length === 0 ? (
        <p>No thresholds: money amounts do not change a request&rsquo;s risk.</p>
      ) : (
        <ul className="preference-list" aria-label="Your money thresholds">
          {thresholds.data.map((threshold) => (
            <ThresholdRow key={threshold.currency} threshold={threshold} />
          ))}
        </ul>
      )}
      <ThresholdForm />
    </section>
  );
}

/** One currency's threshold, and the button that removes it. */
function ThresholdRow({ threshold }: { threshold: Pick<MoneyThreshold, 'currency' | 'minorUnits'> }) {
  const remove = useResultMutation(moneyThresholdMutations.set());
  const textId = useId();
  return (
    <li className="card">
      <div className="inline-form">
        <span id={textId} className="grow">
          {threshold.currency}: high risk above <strong>{formatMoney(threshold)}</strong>
        </span>
        <button
          type="button"
          className="secondary"
          aria-describedby={textId}
          disabled={remove.pending}
          onClick={() => remove.mutate({ currency: threshold.currency, minorUnits: null })}
        >
          {remove.pending ? 'Removing…' : 'Remove'}
        </button>
      </div>
      {remove.error && (
        <p role="alert" className="error">
          {remove.error}
        </p>
      )}
    </li>
  );
}

/** Sets a currency's threshold, typed in whole units ("1,000.00"); setting a currency again replaces its threshold. */
function ThresholdForm() {
  const save = useResultMutation(moneyThresholdMutations.set());
  const [problem, setProblem] = useState<string>();
  const listId = useId();

  const submit = (submitted: FormEvent<HTMLFormElement>) => {
    submitted.preventDefault();
    const form = new FormData(submitted.currentTarget);
    const currency = formText(form, 'currency').trim().toUpperCase();
    save.reset();
    if (!/^[A-Z]{3}$/.test(currency)) {
      setProblem('Enter a currency as its three-letter code, such as EUR.');
      return;
    }
    const amount = parseMoneyAmount(formText(form, 'amount'), currency);
    if ('problem' in amount) {
      setProblem(amount.problem);
      return;
    }
    setProblem(undefined);
    save.mutate({ currency, minorUnits: amount.minorUnits });
  };

  const shown = problem ?? save.error;
  return (
    <form className="inline-form card" onSubmit={submit} aria-label="Set a money threshold" noValidate>
      <label>
        Currency
        <input
          name="currency"
          required
          maxLength={3}
          size={5}
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          list={listId}
          placeholder="EUR"
        />
      </label>
      <datalist id={listId}>
        {CURRENCIES.map((code) => (
          <option key={code} value={code} />
        ))}
      </datalist>
      <label className="grow">
        High risk above
        <input name="amount" required inputMode="decimal" autoComplete="off" placeholder="1,000.00" />
      </label>
      <button type="submit" disabled={save.pending}>
        {save.pending ? 'Saving…' : 'Set threshold'}
      </button>
      {save.succeeded && !save.pending && (
        <p className="ok" role="status">
          Saved.
        </p>
      )}
      {shown && (
        <p role="alert" className="error">
          {shown}
        </p>
      )}
    </form>
  );
}
