import { useId, useState } from 'react';
import type { Risk } from '../../../gql/graphql';
import type { TriageFilters, TriageOrder } from './triage-view';

export interface TriageChoices {
  agents: string[];
  ops: string[];
  repositories: string[];
}

const RISKS: Risk[] = ['HIGH', 'MEDIUM', 'LOW'];

/**
 * Search, then the four filters and the order folded behind a Filters
 * button (a disclosure), all on one line above the list: the requests start
 * high on a laptop and within a phone's first screen (UI1, UI7). The button
 * counts what narrows or reorders the list, so a folded filter is never
 * forgotten.
 */
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
  const panelId = useId();
  const [open, setOpen] = useState(false);
  const set = <K extends keyof TriageFilters>(key: K, value: TriageFilters[K]) => onFilters({ ...filters, [key]: value });
  const active = [filters.agent, filters.op, filters.repository, filters.risk].filter((value) => value !== '').length + (order === 'timeLeft' ? 0 : 1);
  return (
    <div className="triage-toolbar" role="search" aria-label="Filter requests">
      <div className="toolbar-line">
        <label className="search">
          <span className="visually-hidden">Search</span>
          <input type="search" value={filters.search} placeholder="Search summary, reason, target" onChange={(event) => set('search', event.target.value)} />
        </label>
        <button type="button" className="secondary filters-button" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen(!open)}>
          Filters{active > 0 && ` (${active})`}
        </button>
      </div>
      <div id={panelId} className="filters-panel" hidden={!open}>
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
