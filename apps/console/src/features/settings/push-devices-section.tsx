import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { formText } from '../../shared/ui/form-text';
import { ErrorAlert } from '../../shared/ui/form-feedback';
import { MutationConfirmDialog } from '../../shared/ui/mutation-confirm-dialog';
import { QueryState } from '../../shared/ui/query-state';
import { Timestamp } from '../../shared/ui/timestamp';
import { defaultDeviceName, PushPermissionDenied, pushUnsupportedReason, subscribeThisBrowser } from '../notify/push-subscription';
import { useResultMutation } from '../../shared/transport/use-result-mutation';
import { notificationMutations, notificationQueries } from './notification-queries';
import { PageError } from '../../shared/ui/page-error';

/** Push devices: browsers that show a system notification when an agent asks, even with the console closed. */
export function PushDevicesSection() {
  const headingId = useId();
  const devices = useQuery(notificationQueries.pushDevices());
  const [removing, setRemoving] = useState<{ id: string; name: string }>();

  return (
    <section aria-labelledby={headingId} className="stack">
      <h2 id={headingId}>Push notifications</h2>
      <p className="muted">A device you add here shows a notification when an agent asks, even with the console closed; a click opens the request.</p>
      <ThisDeviceForm />
      <QueryState query={devices} loading="Loading devices…" what="devices" empty="No devices yet.">
        {(data) => (
          <ul className="device-list" aria-label="Devices">
            {data.map((device) => (
              <li key={device.id} className="card device">
                <div className="grow">
                  <strong>{device.name}</strong>
                  <p className="muted small">
                    Added <Timestamp value={device.createdAt} /> · Last used {device.lastUsedAt ? <Timestamp value={device.lastUsedAt} /> : 'never'}
                  </p>
                </div>
                <button type="button" className="danger" aria-label={`Remove the device ${device.name}`} onClick={() => setRemoving(device)}>
                  Remove
                </button>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
      {removing && <RemoveDeviceDialog device={removing} onClose={() => setRemoving(undefined)} />}
    </section>
  );
}

/**
 * "Notify me on this device": the browser's permission prompt and push
 * subscription happen on the click, then the server learns the subscription.
 * The server's key comes from `notificationSettings.pushPublicKey`.
 */
function ThisDeviceForm() {
  const headingId = useId();
  const publicKey = useQuery(notificationQueries.pushPublicKey());
  const [unsupported] = useState(pushUnsupportedReason);
  const [browserError, setBrowserError] = useState<string>();
  const [subscribing, setSubscribing] = useState(false);
  const register = useResultMutation(notificationMutations.registerPushDevice());

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const name = formText(new FormData(event.currentTarget), 'name').trim();
    if (!name || !publicKey.data) return;
    setBrowserError(undefined);
    register.reset();
    setSubscribing(true);
    try {
      const subscription = await subscribeThisBrowser(publicKey.data);
      register.mutate({ name, ...subscription });
    } catch (error) {
      setBrowserError(
        error instanceof PushPermissionDenied
          ? error.message
          : `This browser could not subscribe to push: ${error instanceof Error ? error.message : String(error)}`,
      );
    } finally {
      setSubscribing(false);
    }
  };

  return (
    <div className="card" role="group" aria-labelledby={headingId}>
      <h3 id={headingId}>This device</h3>
      {unsupported ? (
        <ErrorAlert message={unsupported} />
      ) : (
        <form className="inline-form" onSubmit={(event) => void submit(event)}>
          <label className="grow">
            Device name
            <input name="name" required maxLength={100} autoComplete="off" defaultValue={defaultDeviceName()} />
          </label>
          <button type="submit" disabled={subscribing || register.pending || !publicKey.data}>
            {subscribing || register.pending ? 'Asking the browser…' : 'Notify me on this device'}
          </button>
        </form>
      )}
      {publicKey.isError && (
        <PageError what="the server's push key" error={publicKey.error} onRetry={() => void publicKey.refetch()} retrying={publicKey.isFetching} />
      )}
      {register.succeeded && <p className="ok">This device will be notified.</p>}
      <ErrorAlert message={browserError ?? register.error} />
    </div>
  );
}

// Alike in shape to RevokeTokenDialog: both are MutationConfirmDialog, and what repeats is its props, worded for each thing.
function RemoveDeviceDialog({ device, onClose }: { device: { id: string; name: string }; onClose: () => void }) {
  return (
    <MutationConfirmDialog
      title={`Remove the device ${device.name}?`}
      confirmLabel="Remove device"
      pendingLabel="Removing…"
      danger
      mutation={notificationMutations.removePushDevice()}
      variables={device.id}
      onClose={onClose}
    >
      <p>It is sent no more notifications. You can add it again from that device.</p>
    </MutationConfirmDialog>
  );
}
