import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { PageError } from '../../shared/ui/page-error';
import { answerConsent, fetchConsentDetails, type ConsentChoice, type ConsentDetails } from './consent-api';

/** The console path an MCP host's sign-in leads to (the API's `CONSENT_PATH`). */
export const CONSENT_PATH = /^\/oauth\/consent\/([^/]+)\/?$/;

/**
 * An application (an MCP host) asks to act as one of the owner's agents
 * (docs/oauth.md, rule OA1). What it says about itself is its own claim and
 * is shown as such, in text (its logo is never loaded); the owner picks the
 * agent or names a new one, or refuses. Either answer sends the browser back
 * to the application.
 */
export function ConsentPage({ uid }: { uid: string }) {
  const details = useQuery({ queryKey: ['oauth-consent', uid], queryFn: () => fetchConsentDetails(uid), retry: false, staleTime: Infinity });
  return (
    <main className="centered">
      <h1>An application asks to act as one of your agents</h1>
      {details.isPending ? (
        <p role="status">Reading the request…</p>
      ) : details.isError ? (
        <PageError what="this sign-in" error={details.error} onRetry={() => void details.refetch()} retrying={details.isFetching} />
      ) : (
        <ConsentForm details={details.data} />
      )}
    </main>
  );
}

function ConsentForm({ details }: { details: ConsentDetails }) {
  const [picked, setPicked] = useState<string>(details.agents[0]?.id ?? 'new');
  const [newName, setNewName] = useState('');
  const answer = useMutation({
    mutationFn: (choice: ConsentChoice | 'deny') => answerConsent(details.uid, choice),
    onSuccess: (redirectTo) => location.assign(redirectTo),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    answer.mutate(picked === 'new' ? { newAgentName: newName.trim() } : { agent: picked });
  };
  const { client } = details;
  return (
    <form onSubmit={submit} aria-describedby="consent-what">
      <section aria-label="The application">
        <p>
          The application calls itself <strong data-testid="client-name">{client.name ?? '(no name given)'}</strong>{' '}
          <span className="muted">— its own words; Countersign has not checked them.</span>
        </p>
        {client.uri ? <p className="muted">It says its home page is {client.uri}.</p> : null}
        <p>
          After you answer, your browser goes back to <code data-testid="redirect-uri">{client.redirectUri}</code>.
        </p>
      </section>
      <p id="consent-what">
        If you allow it, it acts as the agent you pick at <code>{details.resource}</code>: it can ask you to sign off, wait for your answer, take what you
        approved and draw on that agent&apos;s authorities. It cannot approve anything. Revoking the agent stops it at once.
      </p>
      <fieldset>
        <legend>Act as</legend>
        {details.agents.map((agent) => (
          <label key={agent.id} className="choice">
            <input type="radio" name="agent" value={agent.id} checked={picked === agent.id} onChange={() => setPicked(agent.id)} />
            {agent.name} <span className="muted">({agent.keyPrefix}…)</span>
          </label>
        ))}
        <label className="choice">
          <input type="radio" name="agent" value="new" checked={picked === 'new'} onChange={() => setPicked('new')} />A new agent named
        </label>
        {picked === 'new' ? (
          <input aria-label="New agent's name" value={newName} onChange={(event) => setNewName(event.target.value)} required maxLength={100} />
        ) : null}
      </fieldset>
      {answer.isError ? (
        <p role="alert" className="error">
          {answer.error.message}
        </p>
      ) : null}
      <div className="actions">
        <button type="submit" disabled={answer.isPending}>
          Allow
        </button>
        <button type="button" disabled={answer.isPending} onClick={() => answer.mutate('deny')}>
          Deny
        </button>
      </div>
    </form>
  );
}
