import { canonicalJson, hashCanonical } from '@countersign/manifest';
import { auditOperation } from './audit.js';
import type { OwnerPrincipal, Principal } from '../../platform/lib/principal.js';
import type { ServiceDeps } from '../../platform/lib/deps.js';
import type { Runtime } from '../../platform/lib/runtime.js';
import { graphQLError } from '../../platform/lib/errors.js';
import { checkWebhookUrl } from '../../platform/lib/webhook-url.js';
import { newWebhookSecret } from '../../platform/lib/webhook-signature.js';
import { compileNewInputSchema, MAX_SCHEMA_BYTES } from './json-schema.js';
import { checkOpName } from './names.js';
import { checkEffectTemplate, checkFieldOrder } from './presentation.js';
import {
  findLatest,
  findVersion,
  hasWebhookSecret,
  insertVersion,
  listLatest,
  lockOperationName,
  pointHead,
  roomForLiveOperation,
  retireHead,
  rotateHeadSecret,
  viewOf,
  type OperationRow,
} from './store.js';
import type { OperationView } from './view.js';

/** What the sealed webhook secrets are bound to (AES-GCM associated data): never usable as another kind of secret. */
export const WEBHOOK_SECRET_PURPOSE = 'webhook-secret';

export interface Definition {
  op: string;
  summary: string;
  description?: string | null;
  inputSchema: unknown;
  irreversible?: boolean | null;
  risk: 'LOW' | 'MEDIUM' | 'HIGH';
  runner: 'SERVER' | 'AGENT' | 'WEBHOOK';
  webhookUrl?: string | null;
  secretFields?: string[] | null;
  needsRepository?: boolean | null;
  /** How a request reads ("Pay {vendor} {amount}"); each place a top-level property (O3). */
  effectTemplate?: string | null;
  /** The order the request's fields are shown in; top-level properties, the rest after in the schema's order (O3). */
  fieldOrder?: string[] | null;
}

export type DefineOutcome = { row: OperationRow; created: boolean; webhookSecret: string | null } | { limitReached: number };

const FIELD_NAME = /^[A-Za-z_$][A-Za-z0-9_$-]{0,99}$/;

/** The definition, checked and in the form it is stored and compared in; BAD_INPUT naming the first problem. */
function normalise(definition: Definition, production: boolean) {
  checkOpName(definition.op);
  const summary = definition.summary.trim();
  if (summary.length === 0 || summary.length > 200) throw graphQLError('BAD_INPUT', 'A summary is 1 to 200 characters.');
  const description = definition.description?.trim() || null;
  if (description && description.length > 4000) throw graphQLError('BAD_INPUT', 'A description is at most 4000 characters.');
  if (definition.runner === 'SERVER') throw graphQLError('BAD_INPUT', 'runner SERVER is for the built-in operations; choose AGENT or WEBHOOK.');
  const webhook = definition.runner === 'WEBHOOK';
  if (webhook && !definition.webhookUrl) throw graphQLError('BAD_INPUT', 'A WEBHOOK operation needs "webhookUrl": where approved requests are delivered.');
  if (!webhook && definition.webhookUrl) throw graphQLError('BAD_INPUT', 'Only a WEBHOOK operation has a "webhookUrl"; leave it out for AGENT.');
  const webhookUrl = webhook ? checkWebhookUrl(definition.webhookUrl!, production).href : null;
  const secretFields = [...new Set(definition.secretFields ?? [])];
  if (!webhook && secretFields.length > 0) throw graphQLError('BAD_INPUT', '"secretFields" name fields of a WEBHOOK response; an AGENT operation has none.');
  const badField = secretFields.find((field) => !FIELD_NAME.test(field));
  if (badField !== undefined) throw graphQLError('BAD_INPUT', `"${badField}" is not a field name for "secretFields".`);
  if (secretFields.length > 20) throw graphQLError('BAD_INPUT', 'At most 20 "secretFields".');
  // Compiles now (BAD_INPUT naming the problem), so an agent never meets a schema that cannot judge it; a new version keeps the limits too (O2).
  compileNewInputSchema(definition.inputSchema);
  const inputSchema = canonicalJson(definition.inputSchema);
  if (Buffer.byteLength(inputSchema) > MAX_SCHEMA_BYTES) throw graphQLError('BAD_INPUT', `An input schema is at most ${MAX_SCHEMA_BYTES / 1024} KiB.`);
  const effectTemplate = checkEffectTemplate(definition.effectTemplate, definition.inputSchema);
  const fieldOrder = checkFieldOrder(definition.fieldOrder, definition.inputSchema);
  const content = {
    summary,
    description,
    inputSchema,
    irreversible: definition.irreversible ?? false,
    risk: definition.risk.toLowerCase() as OperationRow['risk'],
    runner: definition.runner.toLowerCase() as OperationRow['runner'],
    webhookUrl,
    secretFields,
    needsRepository: definition.needsRepository ?? false,
  };
  // Hashed only when set, so a version defined before they existed keeps its hash and the same content still returns it (O3).
  const presentation = { ...(effectTemplate === null ? {} : { effectTemplate }), ...(fieldOrder === null ? {} : { fieldOrder }) };
  return { ...content, effectTemplate, fieldOrder: fieldOrder ?? [], contentHash: hashCanonical(canonicalJson({ ...content, ...presentation })) };
}

/**
 * An owner defines an operation, or a new version of one. The same content
 * as the latest version returns that version (and makes the name live again
 * if it was retired); other content is the next version. A WEBHOOK
 * operation gets its signing secret the first time it needs one, returned
 * this once only.
 */
export async function defineOperation(deps: ServiceDeps & { runtime: Runtime }, owner: OwnerPrincipal, definition: Definition): Promise<DefineOutcome> {
  const content = normalise(definition, deps.runtime.production);
  const { tenantId } = owner;
  const { op } = definition;
  return deps.scope.transaction(async (tx) => {
    await lockOperationName(tx, tenantId, op);
    const latest = await findLatest(tx, tenantId, op);
    // A name that is not live yet (new, or retired) becomes live: it must fit under the tenant's cap.
    const max = deps.runtime.limits.operationsPerTenant;
    if ((!latest || latest.retired) && !(await roomForLiveOperation(tx, tenantId, max))) return { limitReached: max };
    let webhookSecret: string | null = null;
    if (content.runner === 'webhook' && !(await hasWebhookSecret(tx, tenantId, op))) webhookSecret = newWebhookSecret();
    const sealed = webhookSecret ? deps.runtime.box.seal(webhookSecret, WEBHOOK_SECRET_PURPOSE) : null;
    if (latest && latest.contentHash === content.contentHash) {
      await pointHead(tx, tenantId, op, latest.version, sealed);
      // Live again: recorded as a definition (docs/audit.md, L1); the same content while live changes nothing and records nothing.
      if (latest.retired) await auditOperation(tx, owner, 'operation.defined', op, { version: latest.version, revived: true });
      return { row: { ...latest, retired: false }, created: false, webhookSecret };
    }
    const version = (latest?.version ?? 0) + 1;
    await insertVersion(tx, { tenantId, op, version, ...content, definedBy: owner.ownerId });
    await pointHead(tx, tenantId, op, version, sealed);
    await auditOperation(tx, owner, 'operation.defined', op, { version, runner: content.runner, webhookUrl: content.webhookUrl, risk: content.risk });
    return { row: (await findVersion(tx, tenantId, op, version))!, created: true, webhookSecret };
  });
}

/**
 * Stops new requests for the operation; null when the tenant has no such
 * operation. Retiring a live one appends `operation.retired`; retiring it
 * again changes nothing and appends nothing (the name's lock orders the two).
 */
export async function retireOperation(deps: ServiceDeps, owner: OwnerPrincipal, op: string): Promise<OperationRow | null> {
  return deps.scope.transaction(async (tx) => {
    await lockOperationName(tx, owner.tenantId, op);
    const before = await findLatest(tx, owner.tenantId, op);
    if (!before || !(await retireHead(tx, owner.tenantId, op))) return null;
    if (!before.retired) await auditOperation(tx, owner, 'operation.retired', op, { version: before.version });
    return findLatest(tx, owner.tenantId, op);
  });
}

/** A new signing secret for a WEBHOOK operation, returned once with the operation as the API shows it; null when there is no such operation with a secret. */
export async function rotateWebhookSecret(
  deps: ServiceDeps & { runtime: Runtime },
  owner: OwnerPrincipal,
  op: string,
): Promise<{ operation: OperationView; webhookSecret: string } | null> {
  const webhookSecret = newWebhookSecret();
  const sealed = deps.runtime.box.seal(webhookSecret, WEBHOOK_SECRET_PURPOSE);
  return deps.scope.transaction(async (tx) => {
    if (!(await rotateHeadSecret(tx, owner.tenantId, op, sealed))) return null;
    return { operation: viewOf((await findLatest(tx, owner.tenantId, op))!), webhookSecret };
  });
}

/** The tenant's defined operations at their latest versions (the `operations` query: Prisma's). */
export function listDefinedOperations(deps: Pick<ServiceDeps, 'db'>, principal: Principal, includeRetired: boolean): Promise<OperationRow[]> {
  return listLatest(deps.db.prisma, principal.tenantId, includeRetired);
}
