/** What the draw benchmarks share: one agent with many authorities, and a bare GraphQL POST. */
import { randomUUID } from 'node:crypto';
import { request, type Agent as HttpAgent } from 'node:http';
import type pg from 'pg';
import { AGENT_KEY_PREFIX, hashSecret, newSecret } from '../src/platform/lib/secrets.js';

export interface Drawer {
  tenant: string;
  owner: string;
  agent: string;
  /** The agent's bearer key. */
  key: string;
}

/**
 * A tenant, an owner and an agent, and for each id an authority of that
 * agent with room for more draws than any run makes. Written straight to the
 * tables: the benchmark measures drawing, not issuing.
 */
export async function seedDrawer(pool: pg.Pool, authorities: string[]): Promise<Drawer> {
  const drawer = { tenant: randomUUID(), owner: randomUUID(), agent: randomUUID(), key: newSecret(AGENT_KEY_PREFIX) };
  await pool.query(`INSERT INTO tenants (id, slug, name) VALUES ($1, $2, 'Bench')`, [drawer.tenant, `bench-${drawer.tenant.slice(0, 8)}`]);
  await pool.query(`INSERT INTO owners (tenant_id, id, email, password_hash) VALUES ($1, $2, $3, 'x')`, [
    drawer.tenant,
    drawer.owner,
    `bench-${drawer.owner.slice(0, 8)}@example.com`,
  ]);
  await pool.query(`INSERT INTO agents (tenant_id, id, owner_id, name, key_prefix, key_hash) VALUES ($1, $2, $3, 'bench', 'csk_', $4)`, [
    drawer.tenant,
    drawer.agent,
    drawer.owner,
    hashSecret(drawer.key),
  ]);
  await pool.query(
    `INSERT INTO authorities (tenant_id, id, agent_id, owner_id, name, terms, ceiling_tokens)
     SELECT $1, id, $2, $3, id, id, 9000000000000000 FROM unnest($4::text[]) AS id`,
    [drawer.tenant, drawer.agent, drawer.owner, authorities],
  );
  await pool.query(
    `INSERT INTO authority_balances (tenant_id, owner_id, authority_id, remaining_tokens) SELECT $1, $2, id, 9000000000000000 FROM unnest($3::text[]) AS id`,
    [drawer.tenant, drawer.owner, authorities],
  );
  return drawer;
}

/** POSTs a GraphQL body with the agent's key on a kept-alive connection; resolves with the answer's text. */
export function postGraphQL(agent: HttpAgent, url: URL, key: string, body: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: 'POST', agent, headers: { 'content-type': 'application/json', authorization: `Bearer ${key}`, 'content-length': Buffer.byteLength(body) } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => resolve(text));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}
