import { describe, expect, it } from 'vitest';
import { checkIssueForm, EMPTY_ISSUE_FORM, type IssueFormValues } from './issue-terms';

const form = (values: Partial<IssueFormValues>): IssueFormValues => ({ ...EMPTY_ISSUE_FORM, agent: 'a1', name: 'Ads budget', ...values });

describe('checkIssueForm: money typed in major units', () => {
  it('reads an amount in whole units of its currency and sends it in minor units, exactly', () => {
    expect(checkIssueForm(form({ minorUnits: '1,000.50', currency: 'EUR', perDrawMinorUnits: '25' }))).toMatchObject({
      input: { minorUnits: 100_050, currency: 'EUR', perDrawMinorUnits: 2_500 },
    });
    expect(checkIssueForm(form({ minorUnits: '500', currency: 'JPY' }))).toMatchObject({ input: { minorUnits: 500, currency: 'JPY' } });
    expect(checkIssueForm(form({ minorUnits: '90071992547409.91', currency: 'EUR' }))).toMatchObject({ input: { minorUnits: Number.MAX_SAFE_INTEGER } });
  });

  it('says what is wrong with an amount that is not one of its currency, and sends nothing', () => {
    expect(checkIssueForm(form({ minorUnits: '25.001', currency: 'EUR' }))).toEqual({
      problems: [{ target: 'minorUnits', message: 'Amount: EUR has 2 digits after the point at most.' }],
    });
    expect(checkIssueForm(form({ minorUnits: '5.5', currency: 'JPY' }))).toEqual({
      problems: [{ target: 'minorUnits', message: 'Amount: JPY has no fractions of a unit.' }],
    });
    expect(checkIssueForm(form({ minorUnits: '10', currency: 'EUR', perDrawMinorUnits: '0' }))).toEqual({
      problems: [{ target: 'perDrawMinorUnits', message: 'Per-draw amount must be more than nothing.' }],
    });
    expect(checkIssueForm(form({ minorUnits: '25.00' }))).toEqual({ problems: [{ target: 'currency', message: 'An amount needs a currency.' }] });
  });
});
