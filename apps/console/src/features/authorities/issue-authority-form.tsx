import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { agentQueries } from '../agents/agent-queries';
import { Link } from '../../shared/router';
import { useResultMutation } from '../../shared/transport/use-result-mutation';
import { parseMoneyAmount } from '@countersign/effect';
import { formatMoney } from './amount-format';
import { authorityMutations } from './authority-queries';
import { checkIssueForm, EMPTY_ISSUE_FORM, LABELS, MAX_NAME_LENGTH, type IssueFormValues, type ProblemTarget, type TermsProblem } from './issue-terms';

/** The owner's time zone, named under the validity inputs (datetime-local values carry none). */
const TIME_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * A fresh id for the next authority. The form sends its own id so that
 * submitting again after a lost answer returns the authority already issued
 * instead of granting a second one (the API's issue is idempotent per id).
 * `getRandomValues` rather than `randomUUID`, which needs a secure context.
 */
function newAuthorityId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Issues an authority to one of the owner's live agents. The terms are
 * checked here by the API's rules first; whatever the API still refuses is
 * shown as it answered.
 */
export function IssueAuthorityForm({ focusOnOpen = false }: { focusOnOpen?: boolean }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  // Opened from its button: the keyboard lands on the form it asked for, not back at the top of the page.
  useEffect(() => {
    if (focusOnOpen) headingRef.current?.focus();
  }, [focusOnOpen]);
  const agents = useQuery(agentQueries.list());
  const liveAgents = agents.data?.filter((agent) => !agent.revoked) ?? [];
  const [typed, setTyped] = useState<IssueFormValues>(EMPTY_ISSUE_FORM);
  // An agent revoked (elsewhere) after it was chosen leaves the list live: the choice goes with it.
  const values = liveAgents.some((agent) => agent.id === typed.agent) ? typed : { ...typed, agent: '' };
  // After a submit the form found problems in, the list follows the fields as they are corrected, instead of standing until the next submit.
  const [showProblems, setShowProblems] = useState(false);
  const checked = checkIssueForm(values);
  const problems: TermsProblem[] = showProblems && 'problems' in checked ? checked.problems : [];
  const [issued, setIssued] = useState<string>();
  const [authorityId, setAuthorityId] = useState(newAuthorityId);
  const problemsId = useId();
  const agentFieldId = useId();

  const issueAuthority = useResultMutation(authorityMutations.issue(), {
    onSuccess: ({ authority }) => {
      setIssued(`Issued “${authority.name}” to ${authority.agent.name}.`);
      setTyped(EMPTY_ISSUE_FORM);
      setAuthorityId(newAuthorityId());
    },
    onRefusal: (refusal) => {
      // A conflict means an earlier attempt under this id landed with other terms: the next try needs a new id.
      if (refusal.__typename === 'TermsConflict') setAuthorityId(newAuthorityId());
      return refusal.message;
    },
  });

  const change = (field: keyof IssueFormValues) => (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
    const value = field === 'currency' ? event.target.value.toUpperCase() : event.target.value;
    setTyped((current) => ({ ...current, [field]: value }));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    issueAuthority.reset();
    setIssued(undefined);
    if ('problems' in checked) {
      setShowProblems(true);
      return;
    }
    setShowProblems(false);
    issueAuthority.mutate({ ...checked.input, id: authorityId });
  };

  const problemId = (target: ProblemTarget) => {
    const index = problems.findIndex((problem) => problem.target === target);
    return index < 0 ? undefined : `${problemsId}-${index}`;
  };
  /** Marks a field invalid and points it at its message. */
  const invalid = (target: ProblemTarget) => {
    const id = problemId(target);
    return id ? { 'aria-invalid': true, 'aria-describedby': id } : {};
  };
  const money = moneyPreview(values.minorUnits, values.currency);
  const perDrawMoney = moneyPreview(values.perDrawMinorUnits, values.currency);

  return (
    <section aria-labelledby="issue-authority-heading" className="card">
      <h2 id="issue-authority-heading" ref={headingRef} tabIndex={-1}>
        Issue an authority
      </h2>
      <p className="muted">Terms never change once issued: to change them, revoke this one and issue another.</p>
      {/* noValidate: the rules below are the API's, and explain themselves better than the browser's bubbles. */}
      <form className="issue-form" onSubmit={submit} noValidate>
        <div className="form-grid">
          {/* Not wrapped in its label: the options' text would become part of the label's. */}
          <div className="field">
            <label htmlFor={agentFieldId}>Agent</label>
            <select id={agentFieldId} value={values.agent} onChange={change('agent')} disabled={agents.isPending} {...invalid('agent')}>
              <option value="">{agents.isPending ? 'Loading agents…' : 'Choose an agent'}</option>
              {liveAgents.map((agent) => (
                <option key={agent.id} value={agent.id}>
                  {agent.name}
                </option>
              ))}
            </select>
          </div>
          <label className="wide">
            Name
            <input value={values.name} onChange={change('name')} maxLength={MAX_NAME_LENGTH} autoComplete="off" {...invalid('name')} />
          </label>
        </div>
        {agents.isError && (
          <p role="alert" className="error">
            Could not load your agents: {agents.error.message}
          </p>
        )}
        {agents.isSuccess && liveAgents.length === 0 && (
          <p className="muted">
            You have no live agents. <Link href="/agents">Create one</Link> first.
          </p>
        )}

        <fieldset {...invalid('ceilings')}>
          <legend>
            Ceilings <span className="muted small">at least one; leave a dimension empty for no ceiling</span>
          </legend>
          <div className="form-grid">
            <AmountField label="Tokens" value={values.tokens} onChange={change('tokens')} invalid={invalid('tokens')} />
            <AmountField
              label={LABELS.minorUnits}
              value={values.minorUnits}
              onChange={change('minorUnits')}
              invalid={invalid('minorUnits')}
              inputMode="decimal"
              hint={money ?? 'In whole units of the currency, such as 1,000.00'}
            />
            <label>
              Currency
              <input
                value={values.currency}
                onChange={change('currency')}
                maxLength={3}
                autoComplete="off"
                spellCheck={false}
                placeholder="e.g. EUR"
                {...invalid('currency')}
              />
            </label>
            <AmountField label="Draws" value={values.draws} onChange={change('draws')} invalid={invalid('draws')} />
          </div>
        </fieldset>

        <fieldset>
          <legend>
            Per-draw caps <span className="muted small">optional</span>
          </legend>
          <div className="form-grid">
            <AmountField label="Per-draw tokens" value={values.perDrawTokens} onChange={change('perDrawTokens')} invalid={invalid('perDrawTokens')} />
            <AmountField
              label={LABELS.perDrawMinorUnits}
              value={values.perDrawMinorUnits}
              onChange={change('perDrawMinorUnits')}
              invalid={invalid('perDrawMinorUnits')}
              inputMode="decimal"
              hint={perDrawMoney}
            />
          </div>
        </fieldset>

        <fieldset>
          <legend>
            Validity <span className="muted small">optional; in your time zone ({TIME_ZONE})</span>
          </legend>
          <div className="form-grid dates">
            <label>
              Not before
              <input type="datetime-local" value={values.notBefore} onChange={change('notBefore')} {...invalid('notBefore')} />
            </label>
            <label>
              Not after
              <input type="datetime-local" value={values.notAfter} onChange={change('notAfter')} {...invalid('notAfter')} />
            </label>
          </div>
        </fieldset>

        {problems.length > 0 && (
          <div role="alert" className="error problems">
            <p>The authority was not issued:</p>
            <ul>
              {problems.map((problem, index) => (
                <li key={`${problem.target}-${problem.message}`} id={`${problemsId}-${index}`}>
                  {problem.message}
                </li>
              ))}
            </ul>
          </div>
        )}
        {issueAuthority.error && (
          <p role="alert" className="error">
            {issueAuthority.error}
          </p>
        )}
        {issued && (
          <p role="status" className="ok">
            {issued}
          </p>
        )}
        <div className="actions">
          <button type="submit" disabled={issueAuthority.pending}>
            {issueAuthority.pending ? 'Issuing…' : 'Issue authority'}
          </button>
        </div>
      </form>
    </section>
  );
}

/** "= €12.50" under an amount field, once both the amount and a plausible currency are typed: what the typed major units will be. */
function moneyPreview(amount: string, currency: string): string | undefined {
  const text = amount.trim();
  if (text === '' || !/^[A-Z]{3}$/.test(currency)) return undefined;
  try {
    const parsed = parseMoneyAmount(text, currency);
    return 'problem' in parsed ? undefined : `= ${formatMoney(parsed.minorUnits, currency)}`;
  } catch {
    return undefined;
  }
}

interface AmountFieldProps {
  label: string;
  /** `decimal` for money, typed in major units with a fraction; whole counts otherwise. */
  inputMode?: 'numeric' | 'decimal';
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  invalid: Record<string, unknown>;
  hint?: ReactNode;
}

/**
 * An amount input: a whole count, or money in major units. Text rather than
 * `type="number"`, which would accept exponents and round amounts past 2^53
 * as it parses.
 */
function AmountField({ label, value, onChange, invalid, hint, inputMode = 'numeric' }: AmountFieldProps) {
  const hintId = useId();
  const describedBy = [invalid['aria-describedby'], hint ? hintId : undefined].filter(Boolean).join(' ') || undefined;
  // The hint sits outside the label, so it describes the input without becoming part of its name.
  return (
    <div className="field">
      <label>
        {label}
        <input value={value} onChange={onChange} inputMode={inputMode} autoComplete="off" spellCheck={false} {...invalid} aria-describedby={describedBy} />
      </label>
      {hint && (
        <span id={hintId} className="hint-inline">
          {hint}
        </span>
      )}
    </div>
  );
}
