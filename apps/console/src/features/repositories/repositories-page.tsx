import { useQuery } from '@tanstack/react-query';
import type { RepositoryState } from '../../gql/graphql';
import { CreateByNameForm } from '../../shared/ui/create-by-name-form';
import { Timestamp } from '../../shared/ui/timestamp';
import { repositoryMutations, repositoryQueries } from './repository-queries';
import { QueryState } from '../../shared/ui/query-state';
import { TableHead } from '../../shared/ui/table-head';

const STATE_LABELS: Record<RepositoryState, string> = { SERVING: 'Serving', UNSERVED: 'Unserved' };

/** The owner's live repositories (what agents' requests act on), and a form to create one. */
export function RepositoriesPage() {
  const repositories = useQuery(repositoryQueries.list());

  return (
    <>
      <h1>Repositories</h1>
      <p className="muted">
        What your agents' requests act on. Each gets a new code when created, so a request made for a repository that was since deleted and re-created under the
        same name does not run.
      </p>
      <CreateRepositoryForm />

      <section aria-labelledby="repositories-list-heading">
        <h2 id="repositories-list-heading">Your repositories</h2>
        <QueryState query={repositories} loading="Loading repositories…" what="repositories" empty="No repositories yet.">
          {(data) => (
            <table>
              <TableHead columns={['Name', 'State', 'Code', 'Created']} />
              <tbody>
                {data.map((repository) => (
                  <tr key={repository.id}>
                    <th scope="row">{repository.name}</th>
                    <td>
                      <span className={`badge ${repository.state === 'SERVING' ? 'live' : 'muted-badge'}`}>{STATE_LABELS[repository.state]}</span>
                    </td>
                    <td>
                      <code>{repository.code}</code>
                    </td>
                    <td>
                      <Timestamp value={repository.createdAt} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </QueryState>
      </section>
    </>
  );
}

// Alike in shape to CreateAgentForm: both are CreateByNameForm, and what repeats is its props, worded for each thing.
function CreateRepositoryForm() {
  return (
    <CreateByNameForm
      heading="Create a repository"
      label="Repository name"
      action="Create repository"
      maxLength={100}
      mutation={repositoryMutations.create()}
    />
  );
}
