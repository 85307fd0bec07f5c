import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import type { WebhookDeliveryFieldsFragment, WebhookDeliveryState } from '../../gql/graphql';
import { Timestamp } from '../../shared/ui/timestamp';
import { eventLabel } from './notification-events';
import { notificationQueries } from './notification-queries';
import { PageError } from '../../shared/ui/page-error';
import { TableHead } from '../../shared/ui/table-head';

/**
 * How often the list is re-read while a delivery is freshly PENDING (a test
 * just sent, a first attempt under way): the API sends no live event for
 * deliveries, and an owner who pressed "Send test" is watching for its
 * answer. One still pending after a while is being retried on a backoff of
 * minutes to hours, which re-reading every second and a half would not show
 * any sooner.
 */
const PENDING_POLL_MS = 1_500;
const FRESH_MS = 2 * 60_000;

function awaitingFirstAnswer(delivery: WebhookDeliveryFieldsFragment): boolean {
  return delivery.state === 'PENDING' && Date.now() - Date.parse(delivery.createdAt) < FRESH_MS;
}

const STATE_LABELS: Record<WebhookDeliveryState, string> = {
  PENDING: 'Pending',
  DELIVERED: 'Delivered',
  FAILED: 'Failed',
};

const STATE_BADGES: Record<WebhookDeliveryState, string> = {
  PENDING: 'badge state-pending',
  DELIVERED: 'badge live',
  FAILED: 'badge revoked',
};

/** An endpoint's latest deliveries, newest first, re-read until the fresh ones are answered. */
export function EndpointDeliveries({ endpointId }: { endpointId: string }) {
  const captionId = useId();
  const deliveries = useQuery({
    ...notificationQueries.deliveries(endpointId),
    refetchInterval: (query) => (query.state.data?.some(awaitingFirstAnswer) ? PENDING_POLL_MS : false),
  });

  if (deliveries.isPending) return <p role="status">Loading deliveries…</p>;
  if (deliveries.isError)
    return <PageError what="deliveries" error={deliveries.error} onRetry={() => void deliveries.refetch()} retrying={deliveries.isFetching} />;
  if (deliveries.data.length === 0) return <p className="muted">No deliveries yet.</p>;
  return (
    <div className="table-scroll">
      <table aria-labelledby={captionId} className="deliveries">
        <caption id={captionId}>Recent deliveries</caption>
        <TableHead columns={['Event', 'State', 'HTTP', 'Time taken', 'Answer', 'Sent']} />
        <tbody>
          {deliveries.data.map((delivery) => (
            <DeliveryRow key={delivery.id} delivery={delivery} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function DeliveryRow({ delivery }: { delivery: WebhookDeliveryFieldsFragment }) {
  return (
    <tr>
      <th scope="row">{eventLabel(delivery.event)}</th>
      <td>
        <span className={STATE_BADGES[delivery.state]}>{STATE_LABELS[delivery.state]}</span>
        {delivery.attempts > 1 && <span className="muted small"> after {delivery.attempts} attempts</span>}
      </td>
      <td>{delivery.status ?? <span className="muted">No answer</span>}</td>
      <td>{delivery.latencyMs !== null && delivery.latencyMs !== undefined ? `${delivery.latencyMs} ms` : <span className="muted">—</span>}</td>
      <td className="snippet">{delivery.responseSnippet ? <code>{delivery.responseSnippet}</code> : <span className="muted">—</span>}</td>
      <td>
        <Timestamp value={delivery.lastAttemptAt ?? delivery.createdAt} />
      </td>
    </tr>
  );
}
