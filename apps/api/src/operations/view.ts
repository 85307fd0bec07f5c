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
  definedAt: Date | null;
}
