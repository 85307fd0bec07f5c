import { describe, expect } from 'vitest';
import { apiTest } from '../../../../test/fixtures.js';
import { define } from '../../../../test/operations-kit.js';
import { list, text, type SignedInOwner, type TestApi, type Wire } from '../../../../test/testkit.js';

// docs/sign-offs.md, rule S15: a money amount in a request above its owner's threshold for that currency makes it HIGH.

const THRESHOLDS = `query { moneyRiskThresholds { currency minorUnits } }`;
const SET = `mutation($input: SetMoneyRiskThresholdInput!) {
  setMoneyRiskThreshold(input: $input) { __typename ... on MoneyRiskThresholdSet { thresholds { currency minorUnits } } }
}`;

const REFUND_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['order', 'amount'],
  properties: {
    order: { type: 'string', title: 'Order' },
    amount: {
      type: 'object',
      title: 'Amount',
      additionalProperties: false,
      required: ['minorUnits', 'currency'],
      properties: { minorUnits: { type: 'integer' }, currency: { type: 'string' } },
    },
  },
};

async function thresholdsOf(api: TestApi, owner: SignedInOwner): Promise<Wire[]> {
  const response = await api.graphql(THRESHOLDS, {}, { cookie: owner.cookie });
  expect(response.errors).toBeUndefined();
  return list(response.data?.moneyRiskThresholds);
}

function setThreshold(api: TestApi, owner: SignedInOwner, input: Record<string, unknown>) {
  return api.graphql(SET, { input }, { cookie: owner.cookie });
}

/** An owner with a LOW-risk defined operation whose input carries a money object, and its agent asking for refunds. */
async function scene(api: TestApi) {
  const owner = await api.owner();
  const agent = await api.agent(owner);
  expect(text((await define(api, owner, { op: 'shop.refund', summary: 'Refund an order', risk: 'LOW', inputSchema: REFUND_SCHEMA })).__typename)).toBe(
    'OperationDefined',
  );
  let orders = 0;
  const refund = async (minorUnits: number, currency: string): Promise<{ risk: string; riskReasons: string[] }> => {
    orders += 1;
    const response = await api.graphql(
      `mutation($input: RequestSignOffInput!) {
        requestSignOff(input: $input) { __typename ... on SignOffRequested { signOff { risk riskReasons } } ... on DomainError { code message } }
      }`,
      { input: { op: 'shop.refund', summary: 'refund', input: { order: `A-${orders}`, amount: { minorUnits, currency } } } },
      { key: agent.key },
    );
    const signOff = response.data?.requestSignOff?.signOff;
    if (!signOff) throw new Error(`requestSignOff failed: ${JSON.stringify(response)}`);
    return { risk: text(signOff.risk), riskReasons: list(signOff.riskReasons).map((reason) => text(reason)) };
  };
  return { owner, agent, refund };
}

describe('money risk thresholds', () => {
  apiTest(
    'raises a request above the owner’s threshold for its currency to HIGH, naming both amounts; at or below it, or in another currency, it stays as declared',
    async ({ api }) => {
      const { owner, refund } = await scene(api);
      expect(await refund(500_000, 'EUR')).toEqual({ risk: 'LOW', riskReasons: [] });

      const set = await setThreshold(api, owner, { currency: 'EUR', minorUnits: 100_000 });
      expect(set.data?.setMoneyRiskThreshold).toEqual({ __typename: 'MoneyRiskThresholdSet', thresholds: [{ currency: 'EUR', minorUnits: 100_000 }] });
      expect(await thresholdsOf(api, owner)).toEqual([{ currency: 'EUR', minorUnits: 100_000 }]);

      expect(await refund(99_999, 'EUR')).toEqual({ risk: 'LOW', riskReasons: [] });
      expect(await refund(100_000, 'EUR')).toEqual({ risk: 'LOW', riskReasons: [] });
      expect(await refund(500_000, 'EUR')).toEqual({ risk: 'HIGH', riskReasons: ['It moves EUR 5,000.00, above your EUR 1,000.00 threshold.'] });
      expect(await refund(10_000_000, 'USD')).toEqual({ risk: 'LOW', riskReasons: [] });

      // A second threshold, in a currency without decimals; replacing one keeps a single row per currency.
      await setThreshold(api, owner, { currency: 'JPY', minorUnits: 10_000 });
      await setThreshold(api, owner, { currency: 'EUR', minorUnits: 1_000_000 });
      expect(await thresholdsOf(api, owner)).toEqual([
        { currency: 'EUR', minorUnits: 1_000_000 },
        { currency: 'JPY', minorUnits: 10_000 },
      ]);
      expect(await refund(500_000, 'EUR')).toEqual({ risk: 'LOW', riskReasons: [] });
      expect(await refund(10_001, 'JPY')).toEqual({ risk: 'HIGH', riskReasons: ['It moves JPY 10,001, above your JPY 10,000 threshold.'] });
    },
  );

  apiTest('removes a threshold with minorUnits null: amounts in that currency no longer raise', async ({ api }) => {
    const { owner, refund } = await scene(api);
    await setThreshold(api, owner, { currency: 'EUR', minorUnits: 0 });
    expect((await refund(1, 'EUR')).risk).toBe('HIGH');
    const removed = await setThreshold(api, owner, { currency: 'EUR', minorUnits: null });
    expect(removed.data?.setMoneyRiskThreshold).toEqual({ __typename: 'MoneyRiskThresholdSet', thresholds: [] });
    expect(await thresholdsOf(api, owner)).toEqual([]);
    expect(await refund(1_000_000, 'EUR')).toEqual({ risk: 'LOW', riskReasons: [] });
    // Removing what is not there is no error.
    expect(text((await setThreshold(api, owner, { currency: 'GBP', minorUnits: null })).data?.setMoneyRiskThreshold?.__typename)).toBe('MoneyRiskThresholdSet');
  });

  apiTest(
    'keeps each owner’s thresholds their own: another tenant neither sees nor changes them, and its thresholds do not judge these requests',
    async ({ api }) => {
      const { owner, refund } = await scene(api);
      await setThreshold(api, owner, { currency: 'EUR', minorUnits: 100_000 });
      const stranger = await api.owner();
      expect(await thresholdsOf(api, stranger)).toEqual([]);
      await setThreshold(api, stranger, { currency: 'EUR', minorUnits: 0 });
      await setThreshold(api, stranger, { currency: 'USD', minorUnits: 0 });
      expect(await thresholdsOf(api, stranger)).toEqual([
        { currency: 'EUR', minorUnits: 0 },
        { currency: 'USD', minorUnits: 0 },
      ]);
      expect(await thresholdsOf(api, owner)).toEqual([{ currency: 'EUR', minorUnits: 100_000 }]);
      expect(await refund(50_000, 'EUR')).toEqual({ risk: 'LOW', riskReasons: [] });
      expect(await refund(50_000, 'USD')).toEqual({ risk: 'LOW', riskReasons: [] });
    },
  );

  apiTest('refuses an agent, reading or setting, with FORBIDDEN', async ({ api }) => {
    const { agent } = await scene(api);
    expect((await api.graphql(THRESHOLDS, {}, { key: agent.key })).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect((await api.graphql(SET, { input: { currency: 'EUR', minorUnits: 1 } }, { key: agent.key })).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });

  apiTest(
    'refuses a code that is no ISO 4217 currency, and an amount that is negative, fractional or past 2^53 − 1, with BAD_INPUT, changing nothing',
    async ({ api }) => {
      const { owner } = await scene(api);
      await setThreshold(api, owner, { currency: 'EUR', minorUnits: 100_000 });
      for (const input of [
        { currency: 'eur', minorUnits: 1 },
        { currency: 'EURO', minorUnits: 1 },
        { currency: 'XQZ', minorUnits: 1 },
        { currency: ' EUR', minorUnits: 1 },
        { currency: 'EUR', minorUnits: -1 },
        { currency: 'EUR', minorUnits: 1.5 },
        { currency: 'EUR', minorUnits: 2 ** 53 },
        { currency: 'XQZ', minorUnits: null },
      ]) {
        const response = await setThreshold(api, owner, input);
        expect(response.errors?.[0]?.extensions?.code, JSON.stringify(input)).toBe('BAD_INPUT');
      }
      expect(await thresholdsOf(api, owner)).toEqual([{ currency: 'EUR', minorUnits: 100_000 }]);
    },
  );
});
