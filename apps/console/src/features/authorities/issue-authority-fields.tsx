import { parseMoneyAmount } from '@countersign/effect';
import { useId, type ReactNode } from 'react';
import type { AgentFieldsFragment } from '../../gql/graphql';
import { Link } from '../../shared/router';
import { ErrorAlert } from '../../shared/ui/form-feedback';
import { HintedField } from '../../shared/ui/hinted-field';
import { formatMoney } from './amount-format';
import { LABELS, MAX_NAME_LENGTH, type TermsProblem } from './issue-terms';
import type { IssueFieldsProps } from './use-issue-authority-form';

/** The owner's time zone, named under the validity inputs (datetime-local values carry none). */
const TIME_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

export interface AgentAndNameFieldsProps extends IssueFieldsProps {
  liveAgents: readonly AgentFieldsFragment[];
  /** The agents are still loading: nothing to choose from yet. */
  loading: boolean;
  /** Why the agents could not be loaded. */
  loadError?: string;
  /** They loaded, so an empty list means the owner has none. */
  loaded: boolean;
}

/** Whom the authority is for, and its name; says so when there are no live agents to choose from. */
export function AgentAndNameFields({ values, change, invalid, liveAgents, loading, loadError, loaded }: AgentAndNameFieldsProps) {
  const agentFieldId = useId();
  return (
    <>
      <div className="form-grid">
        {/* Not wrapped in its label: the options' text would become part of the label's. */}
        <div className="field">
          <label htmlFor={agentFieldId}>Agent</label>
          <select id={agentFieldId} value={values.agent} onChange={change('agent')} disabled={loading} {...invalid('agent')}>
            <option value="">{loading ? 'Loading agents…' : 'Choose an agent'}</option>
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
      <ErrorAlert message={loadError !== undefined && `Could not load your agents: ${loadError}`} />
      {loaded && liveAgents.length === 0 && (
        <p className="muted">
          You have no live agents. <Link href="/agents">Create one</Link> first.
        </p>
      )}
    </>
  );
}

/** The ceilings, at least one: tokens, an amount in a currency, draws. */
export function CeilingsFieldset(props: IssueFieldsProps) {
  const { values, change, invalid } = props;
  const money = moneyPreview(values.minorUnits, values.currency);
  return (
    <fieldset {...invalid('ceilings')}>
      <legend>
        Ceilings <span className="muted small">at least one; leave a dimension empty for no ceiling</span>
      </legend>
      <div className="form-grid">
        <AmountField field="tokens" {...props} />
        <AmountField field="minorUnits" {...props} inputMode="decimal" hint={money ?? 'In whole units of the currency, such as 1,000.00'} />
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
        <AmountField field="draws" {...props} />
      </div>
    </fieldset>
  );
}

/** The optional caps on any one draw. */
export function PerDrawFieldset(props: IssueFieldsProps) {
  return (
    <fieldset>
      <legend>
        Per-draw caps <span className="muted small">optional</span>
      </legend>
      <div className="form-grid">
        <AmountField field="perDrawTokens" {...props} />
        <AmountField field="perDrawMinorUnits" {...props} inputMode="decimal" hint={moneyPreview(props.values.perDrawMinorUnits, props.values.currency)} />
      </div>
    </fieldset>
  );
}

/** The optional validity window, in the owner's own time zone. */
export function ValidityFieldset({ values, change, invalid }: IssueFieldsProps) {
  return (
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
  );
}

/** Every problem a submit found, each with the id its field points at. */
export function ProblemList({ problems, problemsId }: { problems: readonly TermsProblem[]; problemsId: string }) {
  if (problems.length === 0) return null;
  return (
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

interface AmountFieldProps extends IssueFieldsProps {
  field: keyof typeof LABELS;
  /** `decimal` for money, typed in major units with a fraction; whole counts otherwise. */
  inputMode?: 'numeric' | 'decimal';
  hint?: ReactNode;
}

/**
 * An amount input: a whole count, or money in major units. Text rather than
 * `type="number"`, which would accept exponents and round amounts past 2^53
 * as it parses.
 */
function AmountField({ field, values, change, invalid, hint, inputMode = 'numeric' }: AmountFieldProps) {
  const problem = invalid(field);
  return (
    <HintedField label={LABELS[field]} hint={hint} describedBy={problem['aria-describedby']}>
      {(describedBy) => (
        <input
          value={values[field]}
          onChange={change(field)}
          inputMode={inputMode}
          autoComplete="off"
          spellCheck={false}
          {...problem}
          aria-describedby={describedBy}
        />
      )}
    </HintedField>
  );
}
