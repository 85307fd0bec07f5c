import type pg from 'pg';
import type { AuditCliIo } from '../../domains/audit/cli.js';
import { tenantsWithEntries } from '../../domains/audit/store.js';
import type { SecretBox } from '../../platform/lib/sealed.js';
import { rotateAuditKey, signTenantHead } from './signer.js';

/*
 * The signer's `audit` commands (`sign`, `rotate-key`); reading and
 * verifying the log are domains/audit/cli.ts's.
 */

/** `audit sign [--tenant T]`: signs heads now; prints each signed head as one JSON line (the file `--head` reads). */
export async function signNow(io: AuditCliIo, pool: pg.Pool, box: SecretBox, tenantId?: string): Promise<number> {
  const tenants = tenantId ? [tenantId] : await tenantsWithEntries(pool);
  for (const tenant of tenants) {
    const signed = await signTenantHead(pool, box, tenant);
    if (!signed) {
      io.err(`tenant ${tenant}: no audit entry yet, nothing to sign\n`);
      continue;
    }
    io.out(`${JSON.stringify(signed.head)}\n`);
    io.err(`tenant ${tenant}: head ${signed.head.seq} ${signed.fresh ? 'signed' : 'was signed already'} (audit key ${signed.head.kid})\n`);
  }
  return 0;
}

/** `audit rotate-key`: signs with a new key from now; every earlier key stays for verification. */
export async function rotateKey(io: AuditCliIo, pool: pg.Pool, box: SecretBox): Promise<number> {
  const kid = await rotateAuditKey(pool, box);
  io.err('Audit heads are now signed with a new key; heads signed before still verify with the old one.\n');
  io.out(`${kid}\n`);
  return 0;
}
