import { describe, expect } from 'vitest';
import { apiTest } from '../../../test/fixtures.js';
import { endSession } from './sessions-store.js';

describe('ending a session', () => {
  apiTest('keeps the time it first ended: ending it again changes nothing', async ({ api }) => {
    await api.owner();
    const session = await api.db.prisma.session.findFirstOrThrow();
    await endSession(api.db.prisma, session.tenantId, session.id);
    const ended = (await api.db.prisma.session.findFirstOrThrow({ where: { id: session.id } })).endedAt;
    expect(ended).toBeInstanceOf(Date);
    // A second sign-out (another tab, a retry) must not move it: the sweep keeps an ended session for a day from then.
    await endSession(api.db.prisma, session.tenantId, session.id);
    expect((await api.db.prisma.session.findFirstOrThrow({ where: { id: session.id } })).endedAt).toEqual(ended);
  });
});
