import { SecretShownOnce } from '../../shared/ui/secret-shown-once';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { AgentFieldsFragment } from '../../gql/graphql';
import { CreateByNameForm } from '../../shared/ui/create-by-name-form';
import { ConfirmDialog } from '../../shared/ui/modal-dialog';
import { Timestamp } from '../../shared/ui/timestamp';
import { useLiveEvents } from '../../shared/transport/use-live-events';
import { useResultMutation } from '../../shared/transport/use-result-mutation';
import { agentLiveEvents, agentMutations, agentQueries } from './agent-queries';
import { PageError } from '../../shared/ui/page-error';

/** Create agents (the key is shown once), see them all, revoke live ones. */
export function AgentsPage() {
  useLiveEvents(agentLiveEvents);
  const agents = useQuery(agentQueries.list());
  const [created, setCreated] = useState<{ name: string; secret: string }>();
  const [revoking, setRevoking] = useState<AgentFieldsFragment>();
  const [rotating, setRotating] = useState<AgentFieldsFragment>();

  return (
    <>
      <h1>Agents</h1>
      <p className="muted">Programs that act for you. Each authenticates with its own key; revoking it stops the agent at once.</p>
      <CreateAgentForm onCreated={setCreated} />
      {created && <NewKeyPanel {...created} onDismiss={() => setCreated(undefined)} />}

      <section aria-labelledby="agents-list-heading">
        <h2 id="agents-list-heading">Your agents</h2>
        {agents.isPending ? (
          <p role="status">Loading agents…</p>
        ) : agents.isError ? (
          <PageError what="agents" error={agents.error} onRetry={() => void agents.refetch()} retrying={agents.isFetching} />
        ) : agents.data.length === 0 ? (
          <p className="muted">No agents yet.</p>
        ) : (
          <table>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Key prefix</th>
                <th scope="col">Created</th>
                <th scope="col">Status</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {agents.data.map((agent) => (
                <tr key={agent.id}>
                  <th scope="row">{agent.name}</th>
                  <td>
                    <code>{agent.keyPrefix}</code>
                  </td>
                  <td>
                    <Timestamp value={agent.createdAt} />
                  </td>
                  <td>
                    {agent.revoked ? (
                      <span className="badge revoked">
                        Revoked
                        {agent.revokedAt && (
                          <>
                            {' '}
                            <Timestamp value={agent.revokedAt} />
                          </>
                        )}
                      </span>
                    ) : (
                      <span className="badge live">Active</span>
                    )}
                  </td>
                  <td>
                    {!agent.revoked && (
                      <div className="actions">
                        <button type="button" className="secondary" aria-label={`Rotate key of ${agent.name}`} onClick={() => setRotating(agent)}>
                          Rotate key
                        </button>
                        <button type="button" className="danger" aria-label={`Revoke ${agent.name}`} onClick={() => setRevoking(agent)}>
                          Revoke
                        </button>
                      </div>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      {revoking && <RevokeAgentDialog agent={revoking} onClose={() => setRevoking(undefined)} />}
      {rotating && (
        <RotateKeyDialog
          agent={rotating}
          onClose={() => setRotating(undefined)}
          onRotated={(secret) => {
            setCreated({ name: rotating.name, secret });
            setRotating(undefined);
          }}
        />
      )}
    </>
  );
}

function CreateAgentForm({ onCreated }: { onCreated: (created: { name: string; secret: string }) => void }) {
  return (
    <CreateByNameForm
      heading="Create an agent"
      label="Agent name"
      action="Create agent"
      maxLength={100}
      mutation={agentMutations.create()}
      onCreated={(result) => onCreated({ name: result.agent.name, secret: result.key })}
    />
  );
}

/** The new key, this once: only its hash is kept, so losing it means creating another agent. */
function NewKeyPanel({ name, secret, onDismiss }: { name: string; secret: string; onDismiss: () => void }) {
  return (
    <SecretShownOnce title={<>Key for {name}</>} level="h2" label="Agent key" what="key" secret={secret} onDismiss={onDismiss}>
      Countersign keeps only its hash.
    </SecretShownOnce>
  );
}

function RevokeAgentDialog({ agent, onClose }: { agent: AgentFieldsFragment; onClose: () => void }) {
  const revoke = useResultMutation(agentMutations.revoke(), { onSuccess: onClose });
  return (
    <ConfirmDialog
      title={`Revoke ${agent.name}?`}
      confirmLabel="Revoke agent"
      pendingLabel="Revoking…"
      danger
      pending={revoke.pending}
      error={revoke.error}
      onConfirm={() => revoke.mutate(agent.id)}
      onClose={onClose}
    >
      <p>
        Its key (<code>{agent.keyPrefix}…</code>) stops working at once, and cannot be restored.
      </p>
    </ConfirmDialog>
  );
}

/** Replaces an agent's key: the old one stops working at once; the new one is shown once. */
function RotateKeyDialog({ agent, onClose, onRotated }: { agent: AgentFieldsFragment; onClose: () => void; onRotated: (secret: string) => void }) {
  const rotate = useResultMutation(agentMutations.rotateKey(), { onSuccess: (result) => onRotated(result.key) });
  return (
    <ConfirmDialog
      title={`Rotate the key of ${agent.name}?`}
      confirmLabel="Rotate key"
      pendingLabel="Rotating…"
      pending={rotate.pending}
      error={rotate.error}
      onConfirm={() => rotate.mutate(agent.id)}
      onClose={onClose}
    >
      <p>
        Its current key (<code>{agent.keyPrefix}…</code>) stops working at once; the new key is shown once.
      </p>
    </ConfirmDialog>
  );
}
