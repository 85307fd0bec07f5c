import { describe, expect } from 'vitest';
import { apiTest } from '../../../test/fixtures.js';
import { createEndpoint, distinctEvents } from '../../../test/notify-kit.js';
import { answerJson, startReceiver } from '../../../test/webhook-receiver.js';
import { fromJson, int, text } from '../../../test/testkit.js';

describe('a standing authority running low', () => {
  apiTest('is announced by the draw that crosses 80 % and the one that exhausts it, once per ceiling, however many draws race', async ({ api }) => {
    const receiver = await startReceiver(answerJson(200, {}));
    try {
      const owner = await api.owner();
      const agent = await api.agent(owner, 'spender');
      const endpoint = await createEndpoint(api, owner, { url: receiver.url, events: ['AUTHORITY_LOW', 'AUTHORITY_EXHAUSTED'] });
      receiver.secret.value = endpoint.secret;
      for (let round = 0; round < 3; round++) {
        const id = await api.authority(owner, agent.id, { tokens: 10, draws: 40 });
        const outcomes = await Promise.all(
          Array.from({ length: 16 }, (_, i) => api.draw(agent.key, { authority: id, dispatchKey: `d-${round}-${i}`, tokens: 1 })),
        );
        expect(outcomes.filter((o) => text(o.__typename) === 'Drawn')).toHaveLength(10);
        const { rows } = await api.db.pool.query<{ event: string; dimension: string }>(
          `SELECT event, payload::json->>'dimension' AS dimension FROM outbox WHERE channel = 'event' AND payload::json->>'authorityId' = $1 ORDER BY event_at`,
          [id],
        );
        // Tokens ran low then out; the 40-draw ceiling was never near.
        expect(rows).toEqual([
          { event: 'AUTHORITY_LOW', dimension: 'tokens' },
          { event: 'AUTHORITY_EXHAUSTED', dimension: 'tokens' },
        ]);
      }
      const events = await distinctEvents(receiver.received, 6);
      expect(events.every((delivery) => delivery.verified)).toBe(true);
      expect(events.map((delivery) => text(fromJson(delivery.body).type)).sort()).toEqual([
        'AUTHORITY_EXHAUSTED',
        'AUTHORITY_EXHAUSTED',
        'AUTHORITY_EXHAUSTED',
        'AUTHORITY_LOW',
        'AUTHORITY_LOW',
        'AUTHORITY_LOW',
      ]);
      const first = fromJson(events.find((delivery) => text(fromJson(delivery.body).type) === 'AUTHORITY_LOW')!.body);
      expect(first).toMatchObject({
        type: 'AUTHORITY_LOW',
        data: { dimension: 'tokens', link: 'http://127.0.0.1/authorities', authority: { agent: { name: 'spender' }, ceiling: { tokens: 10, draws: 40 } } },
      });
      expect(int(first.data?.authority?.drawn?.tokens)).toBeGreaterThanOrEqual(8);
    } finally {
      await receiver.close();
    }
  });

  apiTest('a single draw that goes from under 80 % straight to nothing left announces both', async ({ api }) => {
    const owner = await api.owner();
    const agent = await api.agent(owner);
    const id = await api.authority(owner, agent.id, { tokens: 10 });
    await api.draw(agent.key, { authority: id, dispatchKey: 'a', tokens: 3 });
    await api.draw(agent.key, { authority: id, dispatchKey: 'b', tokens: 7 });
    // A replay of the same dispatch key draws nothing and announces nothing.
    await api.draw(agent.key, { authority: id, dispatchKey: 'b', tokens: 7 });
    const { rows } = await api.db.pool.query<{ event: string }>(
      `SELECT event FROM outbox WHERE channel = 'event' AND payload::json->>'authorityId' = $1 ORDER BY event`,
      [id],
    );
    expect(rows.map((row) => row.event)).toEqual(['AUTHORITY_EXHAUSTED', 'AUTHORITY_LOW']);
  });
});
