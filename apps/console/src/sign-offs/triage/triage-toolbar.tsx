import type { Risk } from '../../gql/graphql';
import type { TriageFilters, TriageOrder } from './triage-view';

export interface TriageChoices {
  agents: string[];
  ops: string[];
  repositories: string[];
}

const RISKS: Risk[] = ['HIGH', 'MEDIUM', 'LOW'];

/** Search, the four filters and the order of the Inbox; the choices are what the waiting requests hold. */
export function TriageToolbar({
  filters,
  order,
  choices,
  onFilters,
  onOrder,
}: {
  filters: TriageFilters;
  order: TriageOrder;
  choices: TriageChoices;
  onFilters: (filters: TriageFilters) => void;
  onOrder: (order: TriageOrder) => void;
}) {
  const set = <K extends keyof TriageFilters>(key: K, value: TriageFilters[K]) => onFilters({ ...filters, [key]: value });
  return (
    <div className="triage-toolbar" role="search" aria-label="Filter requests">
      <label className="search">
        Search
        <input type="search" value={filters.search} placeholder="Summary, reason, target" onChange={(event) => set('search', event.target.value)} />
      </label>
      <FilterSelect label="Agent" value={filters.agent} options={choices.agents} onChange={(value) => set('agent', value)} />
      <FilterSelect label="Operation" value={filters.op} options={choices.ops} onChange={(value) => set('op', value)} />
      <FilterSelect label="Repository" value={filters.repository} options={choices.repositories} onChange={(value) => set('repository', value)} />
      <FilterSelect label="Risk" value={filters.risk} options={RISKS} onChange={(value) => set('risk', value as Risk | '')} />
      <label>
        Sort
        <select value={order} onChange={(event) => onOrder(event.target.value as TriageOrder)}>
          <option value="timeLeft">Time left</option>
          <option value="arrival">Newest first</option>
        </select>
      </label>
    </div>
  );
}

function FilterSelect({ label, value, options, onChange }: { label: string; value: string; options: readonly string[]; onChange: (value: string) => void }) {
  return (
    <label>
      {label}
      <select value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">Any</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    </label>
  );
}
