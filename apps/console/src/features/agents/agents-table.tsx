import type { AgentFieldsFragment } from '../../gql/graphql';
import { TableHead } from '../../shared/ui/table-head';
import { Timestamp } from '../../shared/ui/timestamp';

export interface AgentsTableProps {
  agents: readonly AgentFieldsFragment[];
  onRotate: (agent: AgentFieldsFragment) => void;
  onRevoke: (agent: AgentFieldsFragment) => void;
}

/** Every agent, revoked ones too; only a live one can have its key rotated or be revoked. */
export function AgentsTable({ agents, onRotate, onRevoke }: AgentsTableProps) {
  return (
    <table>
      <TableHead columns={['Name', 'Key prefix', 'Created', 'Status']} actions />
      <tbody>
        {agents.map((agent) => (
          <tr key={agent.id}>
            <th scope="row">{agent.name}</th>
            <td>
              <code>{agent.keyPrefix}</code>
            </td>
            <td>
              <Timestamp value={agent.createdAt} />
            </td>
            <td>
              <AgentStatus agent={agent} />
            </td>
            <td>
              {!agent.revoked && (
                <div className="actions">
                  <button type="button" className="secondary" aria-label={`Rotate key of ${agent.name}`} onClick={() => onRotate(agent)}>
                    Rotate key
                  </button>
                  <button type="button" className="danger" aria-label={`Revoke ${agent.name}`} onClick={() => onRevoke(agent)}>
                    Revoke
                  </button>
                </div>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function AgentStatus({ agent }: { agent: AgentFieldsFragment }) {
  if (!agent.revoked) return <span className="badge live">Active</span>;
  return (
    <span className="badge revoked">
      Revoked
      {agent.revokedAt && (
        <>
          {' '}
          <Timestamp value={agent.revokedAt} />
        </>
      )}
    </span>
  );
}
