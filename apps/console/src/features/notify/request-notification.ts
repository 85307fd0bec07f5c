import type { SignOffFieldsFragment } from '../../gql/graphql';
import { navigate } from '../../shared/router';
import { requestPath } from '../sign-offs/sign-off-display';
import { requestNotificationText } from './request-notification-text';
import { existingRegistration } from './service-worker';

/** The tag a request's notification carries, the same as the server's push (so one replaces the other instead of doubling it). */
export function requestTag(id: string): string {
  return `sign-off-${id}`;
}

/**
 * Shows a system notification for a request from this tab; a click brings the
 * tab forward on the request's page. Where pages may not construct
 * notifications (Chrome on Android throws), the service worker shows it
 * instead, and its click handler opens the same page. Answers the page's own
 * notification, which the caller closes once the request is decided.
 */
export async function showRequestNotification(signOff: SignOffFieldsFragment): Promise<Notification | undefined> {
  const { title, body } = requestNotificationText(signOff);
  const options = { body, tag: requestTag(signOff.id) };
  const path = requestPath(signOff.id);
  try {
    const notification = new Notification(title, options);
    notification.addEventListener('click', () => {
      window.focus();
      navigate(path);
      notification.close();
    });
    return notification;
  } catch {
    const registration = await existingRegistration();
    await registration?.showNotification(title, { ...options, data: { url: new URL(path, location.origin).href } });
    return undefined;
  }
}
