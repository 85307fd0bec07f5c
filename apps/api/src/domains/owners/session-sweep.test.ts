import { describe, expect } from 'vitest';
import { apiTest } from '../../../test/fixtures.js';
import { deleteDeadSessions } from './sessions-store.js';

describe('sweeping sessions', () => {
  apiTest('drops expired sessions and ones ended over a day ago, and keeps every session still in use', async ({ api }) => {
    await api.owner();
    await api.owner();
    await api.owner();
    const [live, expired, ended] = await api.db.prisma.session.findMany({ orderBy: { id: 'asc' } });
    await api.db.pool.query(`UPDATE sessions SET created_at = now() - interval '2 days', expires_at = now() - interval '1 second' WHERE id = $1`, [
      expired!.id,
    ]);
    await api.db.pool.query(`UPDATE sessions SET created_at = now() - interval '2 days', ended_at = now() - interval '1 day 1 second' WHERE id = $1`, [
      ended!.id,
    ]);
    expect(await deleteDeadSessions(api.db.prisma)).toBe(2);
    expect((await api.db.prisma.session.findMany()).map((session) => session.id)).toEqual([live!.id]);
  });
});
