/**
 * The target tree of apps/api/src (issue 27, item 1) as data: six bands,
 * ranked so that an import only goes down, and where every file of today's
 * tree went. The move itself was a script, applied once and removed since
 * (`git show 475c204:scripts/move-tree.mjs`); `scripts/folder-graph.mjs`
 * reads the bands and their ranks from here, so the tree and its check
 * cannot drift apart.
 *
 * Paths are relative to apps/api/src. The map is folder-level where a whole
 * folder moves, and file-level where a folder is cut up (signoffs/, the
 * WebSocket part of http/) or a loose file finds its band. A file-level
 * entry wins over a folder entry; a test without its own entry goes where
 * its source goes (`x.test.ts` and `x.property.test.ts` follow `x.ts`,
 * `x-races.test.ts` follows `x.ts` when there is no `x-races.ts`).
 * Files the map does not name are reported, never guessed, so the map
 * keeps working while other changes add or move a few files.
 */

/** The bands, highest first: a file may import its own band or any band after it. */
export const BANDS = ['app', 'edge', 'jobs', 'delivery', 'domains', 'platform'];

/** Left where it is and outside every band: codegen output (its paths are fixed in packages/schema/codegen.ts and prisma/schema.prisma). */
export const UNBANDED = ['generated'];

/** Whole folders (and everything under them) that move as one. */
export const FOLDERS = {
  // app: the only place anything starts (server, workers, CLI).
  cli: 'app/cli',
  // edge: what faces the network.
  http: 'edge/http',
  graphql: 'edge/graphql',
  auth: 'edge/auth',
  idempotency: 'edge/idempotency',
  // jobs: loops that run on a timer in every instance.
  sweeper: 'jobs/sweeper',
  heartbeats: 'jobs/heartbeats',
  'audit-signer': 'jobs/audit-signer',
  // delivery: everything that leaves the building. E-mail and push stay
  // inside notifications/: they and the notifications core import each
  // other (audience.ts → email/render.ts, email/render.ts → ../headline.ts),
  // so as sibling folders they would form a cycle.
  outbox: 'delivery/outbox',
  webhooks: 'delivery/webhooks',
  notifications: 'delivery/notifications',
  // domains: one folder per domain. setup/ (the first-owner link) is a domain
  // with resolvers, service and store that graphql/ assembles, not a start-up
  // step: in app/ it would be imported upwards by edge/graphql.
  agents: 'domains/agents',
  audit: 'domains/audit',
  authorities: 'domains/authorities',
  operations: 'domains/operations',
  'owner-tokens': 'domains/owner-tokens',
  owners: 'domains/owners',
  registry: 'domains/registry',
  repositories: 'domains/repositories',
  setup: 'domains/setup',
  // The approval tokens a grant is redeemed for: signoffs' grants sub-domain.
  approvals: 'domains/signoffs/grants',
  // platform: what every band stands on and that knows no domain.
  db: 'platform/db',
  events: 'platform/events',
  lib: 'platform/lib',
  metrics: 'platform/metrics',
  telemetry: 'platform/telemetry',
  config: 'platform/config',
};

/** Loose files of today's top level, and the WebSocket part of http/. */
const LOOSE = {
  // app. cluster.ts is the node:cluster primary: it starts the workers and
  // imports server-database, shutdown, start-banner and worker-supervisor,
  // so it starts things and belongs with them, not in platform.
  'main.ts': 'app/main.ts',
  'instance.ts': 'app/instance.ts',
  'runtime.ts': 'app/runtime.ts',
  'cluster.ts': 'app/cluster.ts',
  'server-database.ts': 'app/server-database.ts',
  'shutdown.ts': 'app/shutdown.ts',
  'start-banner.ts': 'app/start-banner.ts',
  'worker-supervisor.ts': 'app/worker-supervisor.ts',
  // platform. config.ts joins the settings readers in config/; logger.ts is
  // imported by every band and imports nothing of ours.
  'config.ts': 'platform/config/config.ts',
  'logger.ts': 'platform/logger.ts',
  // edge/http's ws/ part: the graphql-ws server, its sockets and fan-out.
  'http/websocket.ts': 'edge/http/ws/websocket.ts',
  'http/graphql-ws-server.ts': 'edge/http/ws/graphql-ws-server.ts',
  'http/socket-backlog.ts': 'edge/http/ws/socket-backlog.ts',
  'http/socket-registry.ts': 'edge/http/ws/socket-registry.ts',
  'http/subscription-events.ts': 'edge/http/ws/subscription-events.ts',
  'http/shared-payload.ts': 'edge/http/ws/shared-payload.ts',
  'http/socket-backpressure.test.ts': 'edge/http/ws/socket-backpressure.test.ts',
  'http/socket-liveness.test.ts': 'edge/http/ws/socket-liveness.test.ts',
  'http/subscription-fanout.test.ts': 'edge/http/ws/subscription-fanout.test.ts',
  'http/websocket-rules.test.ts': 'edge/http/ws/websocket-rules.test.ts',
};

/**
 * signoffs/, cut by what each file is about (read from its header and
 * imports, not only its prefix). The core is a sign-off itself: asking,
 * deciding (approve with changes is a way of deciding), reading, the secret
 * it returns, its policy and its events. Sub-domains:
 * - catalogue/: which operations can be asked for and how an input is judged;
 * - rules/: approve-and-remember rules (S19);
 * - two-person/: the two-person rule (S20), the per-operation approvals
 *   setting and the owner-to-owner requests that guard its weakening (S21);
 * - risk/: how dangerous an approval is, money and the owner's thresholds (S15);
 * - grants/: AGENT grants and the approval tokens they become (with approvals/);
 * - runs/: carrying out an approved request — the deed run under the row's
 *   lock (settle, run-store) and WEBHOOK delivery through the outbox.
 */
const SIGNOFFS = {
  core: [
    'service.ts',
    'store.ts',
    'resolvers.ts',
    'reads.ts',
    'reads-store.ts',
    'ask-reads-store.ts',
    'policy.ts',
    'decision-audit.ts',
    'denial-answer.ts',
    'denials-store.ts',
    'event-reads.ts',
    'secrets-store.ts',
    'approve-with-changes.ts',
    'approve-with-changes-store.ts',
    'approve-with-changes.test.ts',
    'approve-with-changes-claims.test.ts',
    'approve-with-changes-races.test.ts',
    'batch.test.ts',
    'claims.test.ts',
    'decisions.test.ts',
    'denial-cool-down.test.ts',
    'denied-by.test.ts',
    'event-fanout.test.ts',
    'events.test.ts',
    'list-filters.test.ts',
    'requests.test.ts',
    'revocation.test.ts',
    'secrets.test.ts',
  ],
  catalogue: ['catalogue.ts', 'operations.ts', 'input-bounds.ts', 'input-bounds.property.test.ts', 'ask-validation.test.ts'],
  rules: [
    'rule-terms.ts',
    'rules-match.ts',
    'rules-resolvers.ts',
    'rules-service.ts',
    'rules-store.ts',
    'rule-terms.test.ts',
    'rule-terms.property.test.ts',
    'rules-claims.test.ts',
    'rules-race.test.ts',
    'rules.test.ts',
  ],
  'two-person': [
    'two-person.ts',
    'two-person-store.ts',
    'two-person-resolvers.ts',
    'two-person.test.ts',
    'two-person-races.test.ts',
    'approval-policies.ts',
    'approval-policies-store.ts',
    'approval-policies.test.ts',
    'policy-audit.ts',
    'owner-proposals.ts',
    'owner-proposals-store.ts',
    'owner-proposals-resolvers.ts',
    'owner-proposals.test.ts',
  ],
  risk: ['risk.ts', 'risk.test.ts', 'money.ts', 'risk-thresholds.ts', 'risk-thresholds-store.ts', 'risk-thresholds-resolvers.ts', 'risk-thresholds.test.ts'],
  grants: ['grants.ts', 'grants-store.ts', 'grants.test.ts', 'approvers-sql.ts', 'approval-tokens.test.ts'],
  runs: [
    'settle.ts',
    'run-store.ts',
    'delivery-store.ts',
    'webhook-delivery.ts',
    'webhook-delivery.test.ts',
    'webhook-answer.ts',
    'webhook-answer.test.ts',
    'webhook-answer.property.test.ts',
  ],
};

/** File-level entries: old path → new path. */
export const FILES = { ...LOOSE };
for (const [part, names] of Object.entries(SIGNOFFS)) {
  for (const name of names) FILES[`signoffs/${name}`] = part === 'core' ? `domains/signoffs/${name}` : `domains/signoffs/${part}/${name}`;
}
/** Folders cut up file by file: a file in them without an entry is reported, not moved with the folder. */
export const CUT = ['signoffs'];

const TEST = /(\.property)?\.test\.ts$/;

/**
 * Where `file` (relative to apps/api/src, `/`-separated) goes, `file` itself
 * when it stays (generated/), or null when the map does not say.
 */
export function targetOf(file) {
  if (FILES[file]) return FILES[file];
  if (TEST.test(file)) {
    // A test goes where its source goes: `x.test.ts` with `x.ts`, and a test
    // named for one side of a source (`two-person-guards.test.ts`) with the
    // longest source its name begins with (`two-person.ts`).
    const ending = file.match(TEST)[0];
    const folder = file.includes('/') ? file.slice(0, file.lastIndexOf('/') + 1) : '';
    let name = file.slice(folder.length, file.length - ending.length);
    for (;;) {
      const source = `${folder}${name}.ts`;
      if (FILES[source]) return `${FILES[source].slice(0, FILES[source].lastIndexOf('/') + 1)}${file.slice(folder.length)}`;
      if (!name.includes('-')) break;
      name = name.slice(0, name.lastIndexOf('-'));
    }
  }
  const parts = file.split('/');
  if (UNBANDED.includes(parts[0])) return file;
  if (CUT.includes(parts[0])) return null;
  for (let depth = parts.length - 1; depth >= 1; depth -= 1) {
    const folder = parts.slice(0, depth).join('/');
    if (FOLDERS[folder]) return [FOLDERS[folder], ...parts.slice(depth)].join('/');
  }
  return null;
}

/** Whether `file` (relative to apps/api/src) is already in the target tree: under a band folder or unbanded. */
export function inTargetTree(file) {
  const first = file.split('/')[0];
  return BANDS.includes(first) || UNBANDED.includes(first);
}

/** The band of a path in the target tree, or null outside the bands. */
export function bandOf(file) {
  const first = file.split('/')[0];
  return BANDS.includes(first) ? first : null;
}

/** A band's rank: 0 for the highest (app); an import from rank r may reach ranks ≥ r. */
export function rankOf(band) {
  return BANDS.indexOf(band);
}
