import type { PrismaClient } from '../../generated/prisma/client.js';
import { query, type Queryable } from '../../platform/db/sql.js';
import type { OperationView } from './view.js';

/** One stored version, as the database has it (the schema as its canonical text). */
export interface OperationRow {
  tenantId: string;
  op: string;
  version: number;
  summary: string;
  description: string | null;
  inputSchema: string;
  contentHash: string;
  irreversible: boolean;
  risk: 'low' | 'medium' | 'high';
  runner: 'agent' | 'webhook';
  webhookUrl: string | null;
  secretFields: string[];
  needsRepository: boolean;
  /** The owner's sentence for a request, `{name}` places filled from its input; null: the summary and the fields. */
  effectTemplate: string | null;
  /** The order a request's fields are shown in; empty: the schema's (canonical, so by name). */
  fieldOrder: string[];
  definedAt: Date;
  /** From the operation's head: whether the name is retired. */
  retired: boolean;
}

const COLUMNS = `
  o.tenant_id AS "tenantId", o.op, o.version, o.summary, o.description, o.input_schema AS "inputSchema",
  o.content_hash AS "contentHash", o.irreversible, o.risk, o.runner, o.webhook_url AS "webhookUrl",
  o.secret_fields AS "secretFields", o.needs_repository AS "needsRepository",
  o.effect_template AS "effectTemplate", o.field_order AS "fieldOrder", o.defined_at AS "definedAt",
  h.retired_at IS NOT NULL AS retired`;

/** The catalogue's view of a stored version. */
export function viewOf(row: OperationRow): OperationView {
  return {
    tenantId: row.tenantId,
    op: row.op,
    version: row.version,
    summary: row.summary,
    description: row.description,
    irreversible: row.irreversible,
    risk: row.risk.toUpperCase() as OperationView['risk'],
    runner: row.runner.toUpperCase() as OperationView['runner'],
    retired: row.retired,
    inputSchema: JSON.parse(row.inputSchema) as Record<string, unknown>,
    secretFields: row.secretFields,
    needsRepository: row.needsRepository,
    webhookUrl: row.webhookUrl,
    effectTemplate: row.effectTemplate,
    fieldOrder: row.fieldOrder.length === 0 ? null : row.fieldOrder,
    definedAt: row.definedAt,
  };
}

/**
 * Serialises every definition of one name in the tenant until the
 * transaction ends, including the first (when there is no head row to lock
 * yet): versions are numbered one after another and identical content is
 * recognised, however many owners define at once.
 */
export async function lockOperationName(db: Queryable, tenantId: string, op: string): Promise<void> {
  await query(db, `/* lockOperationName */ SELECT pg_advisory_xact_lock(hashtextextended($1 || '/' || $2, 11))`, [tenantId, op]);
}

/** The latest version of a name, with its head; `lock` takes the head row's share lock (asking: no retirement commits meanwhile). */
export async function findLatest(db: Queryable, tenantId: string, op: string, lock = false): Promise<OperationRow | null> {
  const rows = await query<OperationRow>(
    db,
    `/* findLatest */
    SELECT ${COLUMNS} FROM operation_heads h JOIN operations o ON o.tenant_id = h.tenant_id AND o.op = h.op AND o.version = h.latest_version
     WHERE h.tenant_id = $1::uuid AND h.op = $2 ${lock ? 'FOR SHARE OF h' : ''}`,
    [tenantId, op],
  );
  return rows[0] ?? null;
}

export async function findVersion(db: Queryable, tenantId: string, op: string, version: number): Promise<OperationRow | null> {
  const rows = await query<OperationRow>(
    db,
    `/* findVersion */
    SELECT ${COLUMNS} FROM operations o JOIN operation_heads h ON h.tenant_id = o.tenant_id AND h.op = o.op
     WHERE o.tenant_id = $1::uuid AND o.op = $2 AND o.version = $3`,
    [tenantId, op, version],
  );
  return rows[0] ?? null;
}

/** How many retired names a list shows at most: the most recently retired (live ones are capped when defined). */
export const MAX_RETIRED_LISTED = 200;

/** What a listed version is read with: every column of OperationRow but the head's `retired`. */
const VERSION_FIELDS = {
  tenantId: true,
  op: true,
  version: true,
  summary: true,
  description: true,
  inputSchema: true,
  contentHash: true,
  irreversible: true,
  risk: true,
  runner: true,
  webhookUrl: true,
  secretFields: true,
  needsRepository: true,
  effectTemplate: true,
  fieldOrder: true,
  definedAt: true,
} as const;

/**
 * The latest version of every live name, by name; with `includeRetired`,
 * also the 200 most recently retired, so the list stays bounded however
 * many names were defined and retired over time. The `operations` query's
 * read, so Prisma's: the heads, then their versions in one read in name
 * order (versions never change, so a head read a moment earlier still
 * names a version that is there).
 */
export async function listLatest(prisma: PrismaClient, tenantId: string, includeRetired: boolean): Promise<OperationRow[]> {
  const head = { op: true, latestVersion: true, retiredAt: true } as const;
  const [live, retired] = await Promise.all([
    prisma.operationHead.findMany({ where: { tenantId, retiredAt: null }, select: head }),
    includeRetired
      ? prisma.operationHead.findMany({ where: { tenantId, retiredAt: { not: null } }, select: head, orderBy: { retiredAt: 'desc' }, take: MAX_RETIRED_LISTED })
      : [],
  ]);
  const heads = [...live, ...retired];
  if (heads.length === 0) return [];
  const versions = await prisma.operation.findMany({
    where: { tenantId, OR: heads.map((h) => ({ op: h.op, version: h.latestVersion })) },
    select: VERSION_FIELDS,
    orderBy: { op: 'asc' },
  });
  const retiredNames = new Set(retired.map((h) => h.op));
  // The columns' CHECK constraints hold risk and runner to their names; Prisma knows them only as text.
  return versions.map((v) => ({ ...v, risk: v.risk as OperationRow['risk'], runner: v.runner as OperationRow['runner'], retired: retiredNames.has(v.op) }));
}

/** The names of the tenant's live defined operations, by name (the `approvalPolicies` query: Prisma's). */
export async function liveOperationNames(prisma: PrismaClient, tenantId: string): Promise<string[]> {
  const heads = await prisma.operationHead.findMany({ where: { tenantId, retiredAt: null }, select: { op: true }, orderBy: { op: 'asc' } });
  return heads.map((h) => h.op);
}

/** One version of a defined operation, or its latest when `version` is omitted (in the caller's transaction, or the pool). */
export function findDefinedOperation(db: Queryable, tenantId: string, op: string, version: number | null | undefined): Promise<OperationRow | null> {
  return version === undefined || version === null ? findLatest(db, tenantId, op) : findVersion(db, tenantId, op, version);
}

export type NewVersion = Omit<OperationRow, 'definedAt' | 'retired'> & { definedBy: string };

/** Writes a version (never changed afterwards: a trigger refuses it). */
export async function insertVersion(db: Queryable, v: NewVersion): Promise<void> {
  await query(
    db,
    `/* insertVersion */
    INSERT INTO operations (tenant_id, op, version, summary, description, input_schema, content_hash, irreversible, risk, runner, webhook_url,
                            secret_fields, needs_repository, effect_template, field_order, defined_by)
    VALUES ($1::uuid, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12::text[], $13, $14, $15::text[], $16::uuid)`,
    [
      v.tenantId,
      v.op,
      v.version,
      v.summary,
      v.description,
      v.inputSchema,
      v.contentHash,
      v.irreversible,
      v.risk,
      v.runner,
      v.webhookUrl,
      v.secretFields,
      v.needsRepository,
      v.effectTemplate,
      v.fieldOrder,
      v.definedBy,
    ],
  );
}

/**
 * Points the name at `version` and makes it live again; keeps a webhook
 * secret it has, or stores the sealed one given (the first WEBHOOK version).
 */
export async function pointHead(db: Queryable, tenantId: string, op: string, version: number, sealedSecret: string | null): Promise<void> {
  await query(
    db,
    `/* pointHead */
    INSERT INTO operation_heads (tenant_id, op, latest_version, webhook_secret) VALUES ($1::uuid, $2, $3, $4)
    ON CONFLICT (tenant_id, op) DO UPDATE
       SET latest_version = EXCLUDED.latest_version, retired_at = NULL,
           webhook_secret = coalesce(operation_heads.webhook_secret, EXCLUDED.webhook_secret)`,
    [tenantId, op, version, sealedSecret],
  );
}

/**
 * Whether one more live name fits under `max`, counted under a per-tenant
 * advisory lock held to the commit, so racing definitions of new names
 * cannot all pass a count of max − 1. Taken after the name's own lock
 * (lockOperationName), always in that order, so two definitions never deadlock.
 */
export async function roomForLiveOperation(db: Queryable, tenantId: string, max: number): Promise<boolean> {
  await query(db, `/* lockTenantOperations */ SELECT pg_advisory_xact_lock(hashtextextended('operations:' || $1::text, 0))`, [tenantId]);
  const rows = await query<{ room: boolean }>(
    db,
    `/* roomForLiveOperation */
    SELECT count(*) < $2 AS room FROM operation_heads WHERE tenant_id = $1::uuid AND retired_at IS NULL /* guard: only live names count against the cap */`,
    [tenantId, max],
  );
  return rows[0]!.room;
}

/** Whether the name already has a webhook secret. */
export async function hasWebhookSecret(db: Queryable, tenantId: string, op: string): Promise<boolean> {
  const rows = await query(db, `/* hasWebhookSecret */ SELECT 1 FROM operation_heads WHERE tenant_id = $1::uuid AND op = $2 AND webhook_secret IS NOT NULL`, [
    tenantId,
    op,
  ]);
  return rows.length === 1;
}

/** Stops new requests for the name; false when it does not exist. Retiring twice is harmless. */
export async function retireHead(db: Queryable, tenantId: string, op: string): Promise<boolean> {
  const rows = await query(
    db,
    `/* retireHead */
    UPDATE operation_heads SET retired_at = coalesce(retired_at, now()) WHERE tenant_id = $1::uuid AND op = $2 RETURNING op`,
    [tenantId, op],
  );
  return rows.length === 1;
}

/** Replaces the webhook secret, keeping the one it replaces to sign alongside for a day; false when the name has none. */
export async function rotateHeadSecret(db: Queryable, tenantId: string, op: string, sealedSecret: string): Promise<boolean> {
  const rows = await query(
    db,
    `/* rotateHeadSecret */
    UPDATE operation_heads SET previous_webhook_secret = webhook_secret, webhook_secret = $3, rotated_at = now()
     WHERE tenant_id = $1::uuid AND op = $2 AND webhook_secret IS NOT NULL /* guard: only a webhook operation has a secret to rotate */
    RETURNING op`,
    [tenantId, op, sealedSecret],
  );
  return rows.length === 1;
}

/** The sealed secrets a delivery is signed with now: the current one, and the one it replaced for 24 h after a rotation. */
export async function webhookSecrets(db: Queryable, tenantId: string, op: string): Promise<string[]> {
  const rows = await query<{ current: string | null; previous: string | null }>(
    db,
    `/* webhookSecrets */
    SELECT webhook_secret AS current,
           CASE WHEN rotated_at >= now() - interval '24 hours' THEN previous_webhook_secret END AS previous
      FROM operation_heads WHERE tenant_id = $1::uuid AND op = $2`,
    [tenantId, op],
  );
  const row = rows[0];
  return row ? [row.current, row.previous].filter((secret): secret is string => secret !== null) : [];
}
