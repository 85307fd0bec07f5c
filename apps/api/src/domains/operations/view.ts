/**
 * An operation as the catalogue shows it: a built-in (runner SERVER, tenant
 * null, version 1) or one version of a tenant's defined operation.
 */
export interface OperationView {
  tenantId: string | null;
  op: string;
  version: number;
  summary: string;
  description: string | null;
  irreversible: boolean;
  risk: 'LOW' | 'MEDIUM' | 'HIGH';
  runner: 'SERVER' | 'AGENT' | 'WEBHOOK';
  retired: boolean;
  inputSchema: Record<string, unknown>;
  secretFields: string[];
  needsRepository: boolean;
  webhookUrl: string | null;
  /** A defined version's effect template (O3); absent for the built-ins, whose effects the console words itself. */
  effectTemplate?: string | null;
  /** A defined version's field order (O3); absent for the built-ins. */
  fieldOrder?: string[] | null;
  definedAt: Date | null;
}
