import { useId, useRef, type FormEvent } from 'react';
import { useResultMutation, type ResultMutationOptions, type Succeeded } from '../transport/use-result-mutation';
import { formText } from './form-text';

export interface CreateByNameFormProps<TResult> {
  heading: string;
  /** The input's label, e.g. "Agent name". */
  label: string;
  /** The button's text, e.g. "Create agent". */
  action: string;
  maxLength: number;
  /** The feature's create mutation (from its `*-queries.ts`), which takes the trimmed name. */
  mutation: ResultMutationOptions<TResult, { name: string }>;
  /** Runs on success; the form clears itself afterwards. */
  onCreated?: (result: Succeeded<TResult>) => Promise<void> | void;
}

/** A card with one name field that creates something; a refusal (a taken name, say) shows as an alert. */
export function CreateByNameForm<TResult>({ heading, label, action, maxLength, mutation: options, onCreated }: CreateByNameFormProps<TResult>) {
  const headingId = useId();
  const form = useRef<HTMLFormElement>(null);
  const mutation = useResultMutation(options, {
    onSuccess: async (result) => {
      await onCreated?.(result);
      form.current?.reset();
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const name = formText(new FormData(event.currentTarget), 'name').trim();
    if (name) mutation.mutate({ name });
  };

  return (
    <section aria-labelledby={headingId} className="card">
      <h2 id={headingId}>{heading}</h2>
      <form ref={form} className="inline-form" onSubmit={submit}>
        <label>
          {label}
          <input name="name" required maxLength={maxLength} autoComplete="off" />
        </label>
        <button type="submit" disabled={mutation.pending}>
          {mutation.pending ? 'Creating…' : action}
        </button>
      </form>
      {mutation.error && (
        <p role="alert" className="error">
          {mutation.error}
        </p>
      )}
    </section>
  );
}
