import { mutationOptions } from '@tanstack/react-query';
import { useState } from 'react';
import { graphql } from '../../gql';
import type { ReauthenticateInput } from '../../gql/graphql';
import { FormDialog } from '../../shared/ui/form-dialog';
import { mutationError } from '../../shared/ui/mutation-error';
import { request } from '../../shared/transport/graphql-client';
import { useResultMutation } from '../../shared/transport/use-result-mutation';

const ReauthenticateDocument = graphql(`
  mutation Reauthenticate($input: ReauthenticateInput!) {
    reauthenticate(input: $input) {
      __typename
      ... on Reauthenticated {
        until
      }
      ...DomainErrorFields
    }
  }
`);

const reauthenticateMutation = () =>
  mutationOptions({
    mutationKey: ['session', 'reauthenticate'] as const,
    mutationFn: async (input: ReauthenticateInput) => (await request(ReauthenticateDocument, { input })).reauthenticate,
  });

/**
 * Asks for the owner's password before a high-risk approval (or another
 * change that needs it: `reason` says which), when the server says this
 * session has not proved it in the last 10 minutes: a stolen cookie alone
 * cannot do the dangerous things. On success the caller sends its request again.
 */
export function ReauthenticateDialog({
  onDone,
  onCancel,
  reason = 'Approving a high-risk request needs your password again (once every 10 minutes).',
  confirmLabel = 'Confirm and approve',
}: {
  onDone: () => void;
  onCancel: () => void;
  reason?: string;
  confirmLabel?: string;
}) {
  const [password, setPassword] = useState('');
  const reauthenticate = useResultMutation(reauthenticateMutation(), { onSuccess: () => onDone() });
  const error = mutationError(reauthenticate, 'Checking');
  return (
    <FormDialog
      title="Confirm it is you"
      onSubmit={() => reauthenticate.mutate({ password })}
      onCancel={onCancel}
      submit={{ label: confirmLabel, pendingLabel: 'Checking…', pending: reauthenticate.pending, disabled: password === '' }}
      error={error}
      stacked={false}
    >
      <p>{reason}</p>
      <label>
        Password
        <input
          type="password"
          name="password"
          autoComplete="current-password"
          required
          autoFocus
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </label>
    </FormDialog>
  );
}
