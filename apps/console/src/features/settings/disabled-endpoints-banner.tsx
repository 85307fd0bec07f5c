import { useQuery } from '@tanstack/react-query';
import { Link } from '../../shared/router';
import { AUTO_DISABLED_PREFIX } from './notification-events';
import { notificationQueries } from './notification-queries';

/**
 * Tells the owner, on every page, that an endpoint stopped receiving because
 * it failed for days (not because they disabled it): the events it missed
 * reached no one there, and only they can mend the receiver and enable it.
 */
export function DisabledEndpointsBanner({ pathname }: { pathname: string }) {
  const endpoints = useQuery(notificationQueries.endpoints());
  const failed = endpoints.data?.filter((endpoint) => endpoint.disabledReason?.startsWith(AUTO_DISABLED_PREFIX)) ?? [];
  if (failed.length === 0) return null;
  return (
    <div role="status" aria-label="Disabled webhook endpoints" className="banner">
      <p className="error">
        {failed.length === 1 ? (
          <>
            The webhook endpoint <span className="url">{failed[0]!.url}</span> was disabled after failing for 3 days.
          </>
        ) : (
          <>{failed.length} webhook endpoints were disabled after failing for 3 days.</>
        )}{' '}
        {pathname === '/settings' ? 'Enable it below once it answers again.' : <Link href="/settings">Review it in Settings</Link>}
      </p>
    </div>
  );
}
