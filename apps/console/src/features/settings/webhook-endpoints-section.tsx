import { useQuery } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import type { NotificationEvent } from '../../gql/graphql';
import { ErrorAlert, SubmitButton } from '../../shared/ui/form-feedback';
import { formText } from '../../shared/ui/form-text';
import { QueryState } from '../../shared/ui/query-state';
import { useResultMutation } from '../../shared/transport/use-result-mutation';
import { EndpointSecretPanel } from './endpoint-secret-panel';
import { NOTIFICATION_EVENTS, WEBHOOK_FORMATS } from './notification-events';
import { notificationMutations, notificationQueries } from './notification-queries';
import { WebhookEndpointCard } from './webhook-endpoint-card';
import { ChoiceField } from './choice-field';

/** Webhook endpoints: your own URLs (or a Slack channel's) told about the events each subscribes to, signed. */
export function WebhookEndpointsSection() {
  const headingId = useId();
  const endpoints = useQuery(notificationQueries.endpoints());
  const [created, setCreated] = useState<{ url: string; secret: string }>();

  return (
    <section aria-labelledby={headingId} className="stack">
      <h2 id={headingId}>Webhook endpoints</h2>
      <p className="muted">
        Each endpoint receives the events it subscribes to as a signed POST (Standard Webhooks), or as a Slack message. After 3 days of failing it is disabled,
        and you are told here.
      </p>
      <CreateEndpointForm onCreated={setCreated} />
      {created && <EndpointSecretPanel url={created.url} secret={created.secret} rotated={false} onDismiss={() => setCreated(undefined)} />}
      <QueryState query={endpoints} loading="Loading endpoints…" what="webhook endpoints" empty="No webhook endpoints yet.">
        {(data) => data.map((endpoint) => <WebhookEndpointCard key={endpoint.id} endpoint={endpoint} />)}
      </QueryState>
    </section>
  );
}

/** The events a new endpoint starts with: the ones that ask the owner to act. */
const DEFAULT_EVENTS: readonly NotificationEvent[] = ['SIGN_OFF_REQUESTED', 'SIGN_OFF_EXPIRING'];

function CreateEndpointForm({ onCreated }: { onCreated: (created: { url: string; secret: string }) => void }) {
  const headingId = useId();
  const form = useRef<HTMLFormElement>(null);
  const [noEvents, setNoEvents] = useState(false);
  const create = useResultMutation(notificationMutations.createEndpoint(), {
    onSuccess: (result) => {
      onCreated({ url: result.endpoint.url, secret: result.secret });
      form.current?.reset();
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const events = NOTIFICATION_EVENTS.filter((candidate) => data.getAll('events').includes(candidate.value)).map((candidate) => candidate.value);
    setNoEvents(events.length === 0);
    if (events.length === 0) {
      // The API's earlier refusal is about an attempt no longer on screen.
      create.reset();
      return;
    }
    const format = WEBHOOK_FORMATS.find((candidate) => candidate.value === formText(data, 'format'))?.value ?? 'STANDARD';
    const description = formText(data, 'description').trim();
    create.mutate({ url: formText(data, 'url').trim(), events, format, description: description || null });
  };

  return (
    <div className="card" role="group" aria-labelledby={headingId}>
      <h3 id={headingId}>Add an endpoint</h3>
      <form ref={form} className="stack" onSubmit={submit}>
        <label>
          Endpoint URL
          <input name="url" type="url" required inputMode="url" autoComplete="off" placeholder="https://example.com/countersign" />
        </label>
        <fieldset aria-invalid={noEvents || undefined}>
          <legend>Tell it when</legend>
          <div className="event-choices">
            {NOTIFICATION_EVENTS.map((event) => (
              <label key={event.value} className="checkbox">
                <input type="checkbox" name="events" value={event.value} defaultChecked={DEFAULT_EVENTS.includes(event.value)} />
                {event.label}
              </label>
            ))}
          </div>
          {noEvents && (
            <p role="alert" className="error">
              Choose at least one event.
            </p>
          )}
        </fieldset>
        <label>
          Description (optional)
          <input name="description" maxLength={500} autoComplete="off" />
        </label>
        <ChoiceField label="Format" name="format" choices={WEBHOOK_FORMATS} defaultValue="STANDARD" />
        <div>
          <SubmitButton label="Add endpoint" pendingLabel="Adding…" pending={create.pending} />
        </div>
      </form>
      <ErrorAlert message={create.error} />
    </div>
  );
}
