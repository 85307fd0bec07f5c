import { SecretShownOnce } from '../../shared/ui/secret-shown-once';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { AgentFieldsFragment } from '../../gql/graphql';
import { CreateByNameForm } from '../../shared/ui/create-by-name-form';
import { QueryState } from '../../shared/ui/query-state';
import { useLiveEvents } from '../../shared/transport/use-live-events';
import { RevokeAgentDialog, RotateKeyDialog } from './agent-dialogs';
import { agentLiveEvents, agentMutations, agentQueries } from './agent-queries';
import { AgentsTable } from './agents-table';

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
        <QueryState query={agents} loading="Loading agents…" what="agents" empty="No agents yet.">
          {(data) => <AgentsTable agents={data} onRotate={setRotating} onRevoke={setRevoking} />}
        </QueryState>
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
