import { SecretShownOnce } from '../../shared/ui/secret-shown-once';
import { useQuery } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import type { OwnerTokenFieldsFragment, OwnerTokenScope } from '../../gql/graphql';
import { formText } from '../../shared/ui/form-text';
import { ErrorAlert, SubmitButton } from '../../shared/ui/form-feedback';
import { MutationConfirmDialog } from '../../shared/ui/mutation-confirm-dialog';
import { QueryState } from '../../shared/ui/query-state';
import { TableHead } from '../../shared/ui/table-head';
import { Timestamp } from '../../shared/ui/timestamp';
import { useResultMutation } from '../../shared/transport/use-result-mutation';
import { ownerTokenMutations, ownerTokenQueries } from './owner-token-queries';
import { ChoiceField } from './choice-field';
import { RevokeCell } from '../../shared/ui/revoke-cell';

/** What each scope allows, in the owner's words (docs/owner-tokens.md). */
const SCOPES: readonly { value: OwnerTokenScope; label: string }[] = [
  { value: 'READ', label: 'Read: see requests, agents, authorities' },
  { value: 'DECIDE', label: 'Decide: read, and approve or deny requests' },
  { value: 'ADMIN', label: 'Admin: everything you can do here' },
];

/** Owner API tokens: scripts act for you with one (the token is shown once); revoking it stops them at once. */
export function ApiTokensSection() {
  const headingId = useId();
  const tokens = useQuery(ownerTokenQueries.list());
  const [created, setCreated] = useState<{ name: string; token: string }>();
  const [revoking, setRevoking] = useState<OwnerTokenFieldsFragment>();

  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>API tokens</h2>
      <p className="muted">
        Tokens let your scripts act for you without a browser: send one as <code>Authorization: Bearer cso_…</code>. A token never signs in, and an agent&apos;s
        key is never one.
      </p>
      <CreateTokenForm onCreated={setCreated} />
      {created && <NewTokenPanel {...created} onDismiss={() => setCreated(undefined)} />}
      <QueryState query={tokens} loading="Loading tokens…" what="API tokens" empty="No API tokens yet.">
        {(data) => (
          <div className="table-scroll">
            <table>
              <TableHead columns={['Name', 'Scope', 'Created', 'Last used', 'Status']} actions />
              <tbody>
                {data.map((token) => (
                  <tr key={token.id}>
                    <th scope="row">{token.name}</th>
                    <td>{token.scope}</td>
                    <td>
                      <Timestamp value={token.createdAt} />
                    </td>
                    <td>{token.lastUsedAt ? <Timestamp value={token.lastUsedAt} /> : <span className="muted">Never</span>}</td>
                    <td>
                      {token.revokedAt ? (
                        <span className="badge revoked">
                          Revoked <Timestamp value={token.revokedAt} />
                        </span>
                      ) : (
                        <span className="badge live">Active</span>
                      )}
                    </td>
                    <RevokeCell revoked={Boolean(token.revokedAt)} label={`Revoke the token ${token.name}`} onRevoke={() => setRevoking(token)} />
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </QueryState>
      {revoking && <RevokeTokenDialog token={revoking} onClose={() => setRevoking(undefined)} />}
    </section>
  );
}

function CreateTokenForm({ onCreated }: { onCreated: (created: { name: string; token: string }) => void }) {
  const headingId = useId();
  const form = useRef<HTMLFormElement>(null);
  const create = useResultMutation(ownerTokenMutations.create(), {
    onSuccess: (result) => {
      onCreated({ name: result.ownerToken.name, token: result.token });
      form.current?.reset();
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const name = formText(data, 'name').trim();
    const scope = SCOPES.find((candidate) => candidate.value === formText(data, 'scope'))?.value;
    if (name && scope) create.mutate({ name, scope });
  };

  return (
    <div className="card" role="group" aria-labelledby={headingId}>
      <h3 id={headingId}>Create a token</h3>
      <form ref={form} className="inline-form" onSubmit={submit}>
        <label>
          Token name
          <input name="name" required maxLength={100} autoComplete="off" />
        </label>
        <ChoiceField label="Scope" name="scope" choices={SCOPES} defaultValue="READ" />
        <SubmitButton label="Create token" pendingLabel="Creating…" pending={create.pending} />
      </form>
      <ErrorAlert message={create.error} />
    </div>
  );
}

/** The new token, this once: only its hash is kept, so losing it means creating another. */
function NewTokenPanel({ name, token, onDismiss }: { name: string; token: string; onDismiss: () => void }) {
  return (
    <SecretShownOnce title={<>Token {name}</>} label="API token" what="token" secret={token} onDismiss={onDismiss}>
      Countersign keeps only its hash.
    </SecretShownOnce>
  );
}

function RevokeTokenDialog({ token, onClose }: { token: OwnerTokenFieldsFragment; onClose: () => void }) {
  return (
    <MutationConfirmDialog
      title={`Revoke the token ${token.name}?`}
      confirmLabel="Revoke token"
      pendingLabel="Revoking…"
      danger
      mutation={ownerTokenMutations.revoke()}
      variables={token.id}
      onClose={onClose}
    >
      <p>Scripts using it are refused from now on, on every server, and it cannot be restored.</p>
    </MutationConfirmDialog>
  );
}
