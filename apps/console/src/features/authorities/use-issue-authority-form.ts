import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { useResultMutation } from '../../shared/transport/use-result-mutation';
import { newAuthorityId } from './authority-id';
import { authorityMutations } from './authority-queries';
import { checkIssueForm, EMPTY_ISSUE_FORM, type IssueFormValues, type ProblemTarget, type TermsProblem } from './issue-terms';

/** The attributes that mark a field invalid and point it at its message; none on a field without a problem. */
export type InvalidAttributes = { 'aria-invalid'?: true; 'aria-describedby'?: string };

/** What every group of the issue form is given: the values, how a field changes, and whether it is invalid. */
export interface IssueFieldsProps {
  values: IssueFormValues;
  change: (field: keyof IssueFormValues) => (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => void;
  invalid: (target: ProblemTarget) => InvalidAttributes;
}

/**
 * The issue form's state: the terms as typed, their problems once a submit
 * found some, the confirmation, and the id the next issue is sent under.
 * `liveAgents` are the ones that may be chosen.
 */
export function useIssueAuthorityForm(liveAgents: readonly { id: string }[]) {
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

  const change: IssueFieldsProps['change'] = (field) => (event) => {
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

  const invalid: IssueFieldsProps['invalid'] = (target) => {
    const index = problems.findIndex((problem) => problem.target === target);
    return index < 0 ? {} : { 'aria-invalid': true, 'aria-describedby': `${problemsId}-${index}` };
  };

  return { values, problems, problemsId, issued, issueAuthority, change, submit, invalid };
}
