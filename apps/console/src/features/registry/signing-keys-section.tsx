import { useQuery } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import type { SigningKeyFieldsFragment } from '../../gql/graphql';
import { formText } from '../../shared/ui/form-text';
import { ErrorAlert, OkStatus, SubmitButton } from '../../shared/ui/form-feedback';
import { MutationConfirmDialog } from '../../shared/ui/mutation-confirm-dialog';
import { QueryState } from '../../shared/ui/query-state';
import { TableHead } from '../../shared/ui/table-head';
import { Timestamp } from '../../shared/ui/timestamp';
import { useResultMutation } from '../../shared/transport/use-result-mutation';
import { registryMutations, registryQueries } from './registry-queries';
import { RevokeCell } from '../../shared/ui/revoke-cell';

/** The API's limit on a key name. */
const MAX_KEY_NAME_LENGTH = 100;

/** Register the Ed25519 public keys whose signatures count, see them all, revoke live ones. */
export function SigningKeysSection() {
  const keys = useQuery(registryQueries.signingKeys());
  const [revoking, setRevoking] = useState<SigningKeyFieldsFragment>();

  return (
    <section aria-labelledby="signing-keys-heading" className="stack registry-section">
      <h2 id="signing-keys-heading">Signing keys</h2>
      <RegisterKeyForm />
      <QueryState
        query={keys}
        loading="Loading signing keys…"
        what="signing keys"
        empty="No signing keys yet: no manifest can be verified until you register one."
      >
        {(data) => (
          <div className="table-scroll">
            <table>
              <caption className="visually-hidden">Registered signing keys</caption>
              <TableHead columns={['Name', 'Key ID', 'Created', 'Status']} actions />
              <tbody>
                {data.map((key) => (
                  <tr key={key.keyId}>
                    <th scope="row">{key.name}</th>
                    <td className="key-id-cell">
                      <code className="key-id">{key.keyId}</code>
                    </td>
                    <td className="nowrap">
                      <Timestamp value={key.createdAt} />
                    </td>
                    <td>
                      {key.revokedAt ? (
                        <>
                          <span className="badge revoked">Revoked</span>
                          <br />
                          <span className="small muted nowrap">
                            <Timestamp value={key.revokedAt} />
                          </span>
                        </>
                      ) : (
                        <span className="badge live">Active</span>
                      )}
                    </td>
                    <RevokeCell revoked={Boolean(key.revokedAt)} label={`Revoke ${key.name}`} onRevoke={() => setRevoking(key)} />
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </QueryState>
      {revoking && <RevokeKeyDialog signingKey={revoking} onClose={() => setRevoking(undefined)} />}
    </section>
  );
}

/** Pastes a public key in: the API derives its id, so the same key registered twice is one key. */
function RegisterKeyForm() {
  const [registered, setRegistered] = useState<string>();
  const hintId = useId();
  const form = useRef<HTMLFormElement>(null);
  const register = useResultMutation(registryMutations.registerSigningKey(), {
    onSuccess: ({ existing, key }) => {
      setRegistered(existing ? `That key was already registered, as “${key.name}”.` : `Registered “${key.name}”.`);
      form.current?.reset();
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const publicKey = formText(data, 'publicKey').trim();
    const name = formText(data, 'name').trim();
    if (!publicKey || !name) return;
    setRegistered(undefined);
    register.mutate({ publicKey, name });
  };

  return (
    <div className="card stack">
      <h3 className="subheading">Register a key</h3>
      <form ref={form} className="stack" onSubmit={submit}>
        <label>
          Public key
          <textarea
            name="publicKey"
            required
            rows={4}
            spellCheck={false}
            autoComplete="off"
            className="mono"
            aria-describedby={hintId}
            placeholder={'-----BEGIN PUBLIC KEY-----\n…\n-----END PUBLIC KEY-----'}
          />
        </label>
        <p id={hintId} className="hint">
          An Ed25519 public key: PEM (SPKI), or its 32 raw bytes in base64 or hex. Never the private key.
        </p>
        <div className="inline-form">
          <label className="grow">
            Key name
            <input name="name" required maxLength={MAX_KEY_NAME_LENGTH} autoComplete="off" />
          </label>
          <SubmitButton label="Register key" pendingLabel="Registering…" pending={register.pending} />
        </div>
      </form>
      <OkStatus message={registered} />
      <ErrorAlert message={register.error} />
    </div>
  );
}

function RevokeKeyDialog({ signingKey, onClose }: { signingKey: SigningKeyFieldsFragment; onClose: () => void }) {
  return (
    <MutationConfirmDialog
      title={<>Revoke key “{signingKey.name}”?</>}
      confirmLabel="Revoke key"
      pendingLabel="Revoking…"
      danger
      mutation={registryMutations.revokeSigningKey()}
      variables={signingKey.keyId}
      onClose={onClose}
    >
      <p>Every manifest version signed with it stops verifying at once. The versions stay in the registry; the key cannot be restored.</p>
      <p className="small">
        <code className="key-id">{signingKey.keyId}</code>
      </p>
    </MutationConfirmDialog>
  );
}
