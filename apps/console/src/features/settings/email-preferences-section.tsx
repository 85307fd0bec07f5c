import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import type { EmailMode, EmailPreference, NotificationEvent } from '../../gql/graphql';
import { formText } from '../../shared/ui/form-text';
import { useResultMutation } from '../../shared/transport/use-result-mutation';
import { EMAIL_MODES, NOTIFICATION_EVENTS } from './notification-events';
import { notificationMutations, notificationQueries } from './notification-queries';
import { PageError } from '../../shared/ui/page-error';

/** The digest period the form offers first, and the API's bounds for it (SetEmailPreferenceInput). */
const DEFAULT_DIGEST_MINUTES = 60;
const MIN_DIGEST_MINUTES = 5;
const MAX_DIGEST_MINUTES = 1440;

/** Email: off when the server has no SMTP, else one preference per event, each saved on its own. */
export function EmailPreferencesSection() {
  const headingId = useId();
  const settings = useQuery(notificationQueries.settings());

  return (
    <section aria-labelledby={headingId} className="stack">
      <h2 id={headingId}>Email</h2>
      {settings.isPending ? (
        <p role="status">Loading email settings…</p>
      ) : settings.isError ? (
        <PageError what="email settings" error={settings.error} onRetry={() => void settings.refetch()} retrying={settings.isFetching} />
      ) : !settings.data.emailAvailable ? (
        <p className="card">Email is off: this server has no SMTP configured (SMTP_URL, MAIL_FROM).</p>
      ) : (
        <>
          <p className="muted">
            Email goes to <strong>{settings.data.emailAddress}</strong>, the address you sign in with.
          </p>
          <ul className="preference-list">
            {NOTIFICATION_EVENTS.map((event) => (
              <EmailPreferenceRow key={event.value} event={event} preference={settings.data.email.find((candidate) => candidate.event === event.value)} />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

/** One event's email preference: a mode, and the digest period when gathered; Save sends both. */
function EmailPreferenceRow({ event, preference }: { event: { value: NotificationEvent; label: string }; preference: EmailPreference | undefined }) {
  const [mode, setMode] = useState<EmailMode>(preference?.mode ?? 'IMMEDIATE');
  const save = useResultMutation(notificationMutations.setEmailPreference());
  const modeId = useId();

  const submit = (submitted: FormEvent<HTMLFormElement>) => {
    submitted.preventDefault();
    const minutes = Number(formText(new FormData(submitted.currentTarget), 'digestMinutes'));
    save.mutate({ event: event.value, mode, digestMinutes: mode === 'DIGEST' ? minutes : null });
  };

  return (
    <li className="card">
      <form className="inline-form" onSubmit={submit} aria-label={`Email for: ${event.label}`}>
        <label htmlFor={modeId} className="grow">
          {event.label}
        </label>
        <select
          id={modeId}
          name="mode"
          value={mode}
          onChange={(changed) => {
            setMode(changed.currentTarget.value as EmailMode);
            // "Saved." was about the previous choice.
            save.reset();
          }}
        >
          {EMAIL_MODES.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        {mode === 'DIGEST' && (
          <label>
            Every (minutes)
            <input
              name="digestMinutes"
              type="number"
              required
              min={MIN_DIGEST_MINUTES}
              max={MAX_DIGEST_MINUTES}
              defaultValue={preference?.digestMinutes ?? DEFAULT_DIGEST_MINUTES}
            />
          </label>
        )}
        <button type="submit" className="secondary" disabled={save.pending}>
          {save.pending ? 'Saving…' : 'Save'}
        </button>
      </form>
      {save.succeeded && !save.pending && <p className="ok">Saved.</p>}
      {save.error && (
        <p role="alert" className="error">
          {save.error}
        </p>
      )}
    </li>
  );
}
