import { useId, useRef, type FormEvent } from 'react';
import { useResultMutation } from '../transport/use-result-mutation';

export interface CreateByNameFormProps<TResult extends { __typename: string }> {
  heading: string;
  /** The input's label, e.g. "Agent name". */
  label: string;
  /** The button's text, e.g. "Create agent". */
  action: string;
  maxLength: number;
  create: (name: string) => Promise<TResult>;
  /** Runs on success; the form clears itself afterwards. */
  onCreated: (result: Exclude<TResult, { code: unknown; message: string }>) => Promise<void> | void;
}

/** A card with one name field that creates something; a refusal (a taken name, say) shows as an alert. */
export function CreateByNameForm<TResult extends { __typename: string }>({
  heading,
  label,
  action,
  maxLength,
  create,
  onCreated,
}: CreateByNameFormProps<TResult>) {
  const headingId = useId();
  const form = useRef<HTMLFormElement>(null);
  const mutation = useResultMutation(create, async (result) => {
    await onCreated(result);
    form.current?.reset();
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const name = String(new FormData(event.currentTarget).get('name')).trim();
    if (name) mutation.mutate(name);
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
