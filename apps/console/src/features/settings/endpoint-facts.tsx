import type { WebhookEndpointFieldsFragment } from '../../gql/graphql';
import { Timestamp } from '../../shared/ui/timestamp';
import { eventLabel, WEBHOOK_FORMATS } from './notification-events';

/** What an endpoint is: its format, when it was added, when and why it was disabled or began failing, and the events it receives. */
export function EndpointFacts({ endpoint }: { endpoint: WebhookEndpointFieldsFragment }) {
  const format = WEBHOOK_FORMATS.find((candidate) => candidate.value === endpoint.format)?.label ?? endpoint.format;
  return (
    <dl className="facts">
      <div>
        <dt>Format</dt>
        <dd>{format}</dd>
      </div>
      <div>
        <dt>Added</dt>
        <dd>
          <Timestamp value={endpoint.createdAt} />
        </dd>
      </div>
      {endpoint.disabledAt && (
        <div>
          <dt>Disabled on</dt>
          <dd>
            <Timestamp value={endpoint.disabledAt} />
            {endpoint.disabledReason && <> — {endpoint.disabledReason}</>}
          </dd>
        </div>
      )}
      {endpoint.failingSince && (
        <div>
          <dt>Failing since</dt>
          <dd className="error">
            <Timestamp value={endpoint.failingSince} />
          </dd>
        </div>
      )}
      <div className="wide-fact">
        <dt>Events</dt>
        <dd>
          <ul className="event-list">
            {endpoint.events.map((event) => (
              <li key={event}>{eventLabel(event)}</li>
            ))}
          </ul>
        </dd>
      </div>
    </dl>
  );
}
