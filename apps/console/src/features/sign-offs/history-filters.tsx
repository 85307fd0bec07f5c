import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { agentQueries } from '../agents/agent-queries';
import type { SignOffState } from '../../gql/graphql';
import { HISTORY_STATES, spanIsBackwards, type HistoryFilters } from './history-search';
import { STATE_LABELS } from './sign-off-display';

/** Shorter labels than the badges' where a badge explains itself at length. */
const FILTER_LABELS: Partial<Record<SignOffState, string>> = { AWAITING_REDEEM: 'Waiting to be redeemed' };

/**
 * History's filters: state, agent and the days the requests were asked on.
 * Each change goes to the address bar at once (the page reads it from
 * there), so what is on screen is always what a copied link shows.
 */
export function HistoryFiltersForm({ filters, onChange }: { filters: HistoryFilters; onChange: (next: HistoryFilters) => void }) {
  const agents = useQuery(agentQueries.list());
  const ids = { state: useId(), agent: useId(), decidedBy: useId(), problem: useId() };
  const backwards = spanIsBackwards(filters);
  const set = (key: keyof HistoryFilters, value: string) => onChange({ ...filters, [key]: value || undefined });
  const filtered = Object.values(filters).some(Boolean);
  const known = agents.data ?? [];
  // A link may name an agent this owner no longer lists (or never had): keep it selectable, so the select shows the truth.
  const unknownAgent = filters.agent && agents.isSuccess && !known.some((agent) => agent.id === filters.agent);

  return (
    <form className="history-filters" role="search" aria-label="Filter history" onSubmit={(event) => event.preventDefault()}>
      <div className="history-filter">
        <label htmlFor={ids.state}>State</label>
        <select id={ids.state} value={filters.state ?? ''} onChange={(event) => set('state', event.target.value)}>
          <option value="">All</option>
          {HISTORY_STATES.map((state) => (
            <option key={state} value={state}>
              {FILTER_LABELS[state] ?? STATE_LABELS[state]}
            </option>
          ))}
        </select>
      </div>
      <div className="history-filter">
        <label htmlFor={ids.agent}>Agent</label>
        <select id={ids.agent} value={filters.agent ?? ''} onChange={(event) => set('agent', event.target.value)}>
          <option value="">All agents</option>
          {known.map((agent) => (
            <option key={agent.id} value={agent.id}>
              {agent.revoked ? `${agent.name} (revoked)` : agent.name}
            </option>
          ))}
          {unknownAgent && <option value={filters.agent}>Unknown agent</option>}
        </select>
      </div>
      <div className="history-filter">
        <label htmlFor={ids.decidedBy}>Decided by</label>
        <select id={ids.decidedBy} value={filters.decidedBy ?? ''} onChange={(event) => set('decidedBy', event.target.value)}>
          <option value="">Anyone</option>
          <option value="rule">A standing rule</option>
          <option value="other">Not a rule</option>
        </select>
      </div>
      <DayFilter
        label="Asked from"
        value={filters.from}
        max={filters.to}
        problemId={backwards ? ids.problem : undefined}
        onChange={(day) => set('from', day)}
      />
      <DayFilter label="Asked until" value={filters.to} min={filters.from} problemId={backwards ? ids.problem : undefined} onChange={(day) => set('to', day)} />
      {filtered && (
        <button type="button" className="secondary history-clear" onClick={() => onChange({})}>
          Clear filters
        </button>
      )}
      {backwards && (
        <p id={ids.problem} role="alert" className="error history-problem">
          The first day comes after the last: choose a first day on or before the last.
        </p>
      )}
    </form>
  );
}

interface DayFilterProps {
  label: string;
  value: string | undefined;
  min?: string;
  max?: string;
  /** The span's problem, while it runs backwards: both ends point at it. */
  problemId: string | undefined;
  onChange: (day: string) => void;
}

/** One end of the span of days asked on. */
function DayFilter({ label, value, min, max, problemId, onChange }: DayFilterProps) {
  const id = useId();
  return (
    <div className="history-filter">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="date"
        value={value ?? ''}
        min={min}
        max={max}
        aria-describedby={problemId}
        aria-invalid={problemId !== undefined || undefined}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
