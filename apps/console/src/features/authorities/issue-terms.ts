import { parseMoneyAmount } from '@countersign/effect';
import type { IssueAuthorityInput } from '../../gql/graphql';
import { formatCount, MAX_AMOUNT } from './amount-format';

/** The issue form's fields as typed: text, so nothing is lost or rounded before it is checked. */
export interface IssueFormValues {
  agent: string;
  name: string;
  tokens: string;
  /** Money in major units of `currency`, as typed ("1,000.50"): the form sends it in minor units. */
  minorUnits: string;
  currency: string;
  draws: string;
  perDrawTokens: string;
  perDrawMinorUnits: string;
  /** `datetime-local` values: the owner's wall-clock time, no zone. */
  notBefore: string;
  notAfter: string;
}

/** A blank form: nothing chosen, nothing capped. */
export const EMPTY_ISSUE_FORM: IssueFormValues = {
  agent: '',
  name: '',
  tokens: '',
  minorUnits: '',
  currency: '',
  draws: '',
  perDrawTokens: '',
  perDrawMinorUnits: '',
  notBefore: '',
  notAfter: '',
};

/** What the form sends, less the id it adds itself. */
export type IssueTerms = Omit<IssueAuthorityInput, 'id'>;

/** Where a problem is shown: next to one field, or against a group of them. */
export type ProblemTarget = keyof IssueFormValues | 'ceilings';

/** One rule the typed terms break, and where the form shows it. */
export interface TermsProblem {
  target: ProblemTarget;
  message: string;
}

/** The order the form shows its fields in, which is the order their problems are listed in. */
const FORM_ORDER: readonly ProblemTarget[] = [
  'agent',
  'name',
  'ceilings',
  'tokens',
  'minorUnits',
  'currency',
  'draws',
  'perDrawTokens',
  'perDrawMinorUnits',
  'notBefore',
  'notAfter',
];

/** The API's limit on an authority's name. */
export const MAX_NAME_LENGTH = 100;

/** The form's label of each amount field (the money ones take major units: "Amount", not the minor units the API counts). */
export const LABELS: Record<'tokens' | 'minorUnits' | 'draws' | 'perDrawTokens' | 'perDrawMinorUnits', string> = {
  tokens: 'Tokens',
  minorUnits: 'Amount',
  draws: 'Draws',
  perDrawTokens: 'Per-draw tokens',
  perDrawMinorUnits: 'Per-draw amount',
};

const CURRENCY = /^[A-Z]{3}$/;

/**
 * Checks the form by the API's own rules (so a refusal is explained before
 * anything is sent) and builds the mutation's input: at least one ceiling;
 * whole amounts up to 2^53 − 1, per-draw caps at least 1; money typed in
 * major units of its currency ("1,000.00", no more fraction digits than the
 * currency has) and sent in minor units, an amount and an ISO 4217 currency
 * together, and a per-draw amount only with them; a validity window, when both ends are given, that is not empty.
 * Answers every problem at once, or the input when there is none.
 */
export function checkIssueForm(values: IssueFormValues): { input: IssueTerms } | { problems: TermsProblem[] } {
  const problems: TermsProblem[] = [];
  const read = fieldReaders(values, problems);

  if (values.agent === '') problems.push({ target: 'agent', message: 'Choose the agent this authority is for.' });
  const name = values.name.trim();
  if (name === '' || name.length > MAX_NAME_LENGTH) {
    problems.push({ target: 'name', message: `Give the authority a name of 1 to ${MAX_NAME_LENGTH} characters.` });
  }

  const tokens = read.amount('tokens', 0);
  const minorUnits = read.money('minorUnits', 0);
  const draws = read.amount('draws', 0);
  const perDrawTokens = read.amount('perDrawTokens', 1);
  const perDrawMinorUnits = read.money('perDrawMinorUnits', 1);
  problems.push(...ceilingProblems(values));

  const notBefore = read.instant('notBefore', 'Not before');
  const notAfter = read.instant('notAfter', 'Not after');
  if (notBefore !== null && notAfter !== null && notBefore >= notAfter) {
    problems.push({ target: 'notAfter', message: 'Not after must come later than not before.' });
  }

  if (problems.length > 0) return { problems: problems.sort((a, b) => FORM_ORDER.indexOf(a.target) - FORM_ORDER.indexOf(b.target)) };
  const currency = values.currency.trim();
  return {
    input: {
      agent: values.agent,
      name,
      tokens,
      minorUnits,
      currency: currency === '' ? null : currency,
      draws,
      perDrawTokens,
      perDrawMinorUnits,
      notBefore: notBefore?.toISOString() ?? null,
      notAfter: notAfter?.toISOString() ?? null,
    },
  };
}

/** Readers of one typed field each: its value, or null when it is empty or broken (the problem then added to `problems`). */
function fieldReaders(values: IssueFormValues, problems: TermsProblem[]) {
  const amount = (field: keyof typeof LABELS, minimum: 0 | 1): number | null => {
    const text = values[field].trim();
    if (text === '') return null;
    const value = /^\d+$/.test(text) ? Number(text) : Number.NaN;
    if (!Number.isSafeInteger(value) || value < minimum) {
      problems.push({ target: field, message: `${LABELS[field]} must be a whole number from ${minimum} to ${formatCount(MAX_AMOUNT)}.` });
      return null;
    }
    return value;
  };
  /** Money typed in major units of the currency, as minor units; null when empty or when there is no currency to read it in (said by `ceilingProblems`). */
  const money = (field: 'minorUnits' | 'perDrawMinorUnits', minimum: 0 | 1): number | null => {
    const text = values[field].trim();
    const currency = values.currency.trim();
    if (text === '' || !CURRENCY.test(currency)) return null;
    const parsed = parseMoneyAmount(text, currency);
    if ('problem' in parsed) {
      problems.push({ target: field, message: `${LABELS[field]}: ${parsed.problem}` });
      return null;
    }
    if (parsed.minorUnits < minimum) {
      problems.push({ target: field, message: `${LABELS[field]} must be more than nothing.` });
      return null;
    }
    return parsed.minorUnits;
  };
  const instant = (field: 'notBefore' | 'notAfter', label: string): Date | null => {
    if (values[field] === '') return null;
    // A datetime-local value has no zone, and Date reads such a string as local time: the owner's.
    const at = new Date(values[field]);
    if (Number.isNaN(at.getTime())) {
      problems.push({ target: field, message: `${label} is not a valid date and time.` });
      return null;
    }
    return at;
  };
  return { amount, money, instant };
}

/** What is wrong with the ceilings taken together: none at all, or an amount, its currency and a per-draw amount that do not go together. */
function ceilingProblems(values: IssueFormValues): TermsProblem[] {
  const problems: TermsProblem[] = [];
  const currency = values.currency.trim();
  const hasMinorUnits = values.minorUnits.trim() !== '';
  if (values.tokens.trim() === '' && !hasMinorUnits && values.draws.trim() === '') {
    problems.push({ target: 'ceilings', message: 'Set at least one ceiling: tokens, an amount or draws.' });
  }
  if (currency !== '' && !CURRENCY.test(currency)) {
    problems.push({ target: 'currency', message: 'Currency must be an ISO 4217 code of three capital letters, such as EUR.' });
  } else if (hasMinorUnits && currency === '') {
    problems.push({ target: 'currency', message: 'An amount needs a currency.' });
  } else if (!hasMinorUnits && currency !== '') {
    problems.push({ target: 'minorUnits', message: 'A currency goes with an amount ceiling: set one, or clear the currency.' });
  }
  if (values.perDrawMinorUnits.trim() !== '' && !hasMinorUnits) {
    problems.push({ target: 'perDrawMinorUnits', message: 'A per-draw amount needs an amount ceiling and its currency.' });
  }
  return problems;
}
