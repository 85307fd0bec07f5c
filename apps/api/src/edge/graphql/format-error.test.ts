import { GraphQLError } from 'graphql';
import { describe, expect, it } from 'vitest';
import { testLog } from '../../../test/fixtures.js';
import { UNAVAILABLE_DURING_MESSAGE, UNAVAILABLE_MESSAGE } from '../../platform/db/unavailable.js';
import { createErrorFormatter } from './format-error.js';

describe('the error edge', () => {
  const format = createErrorFormatter(testLog);
  const raised = (cause: Error) => new GraphQLError(cause.message, { originalError: cause, path: ['decideSignOff'] });

  it('answers a connection dropped mid-operation as UNAVAILABLE without claiming that nothing was done', () => {
    const dropped = Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
    const formatted = format(raised(dropped).toJSON(), raised(dropped));
    expect(formatted).toEqual({ message: UNAVAILABLE_DURING_MESSAGE, path: ['decideSignOff'], extensions: { code: 'UNAVAILABLE' } });
    expect(formatted.message).not.toBe(UNAVAILABLE_MESSAGE);
    expect(formatted.message).toMatch(/may or may not have taken effect/);
  });

  it('masks a fault of ours as INTERNAL without its message', () => {
    const bug = new TypeError('cannot read properties of undefined');
    expect(format(raised(bug).toJSON(), raised(bug))).toEqual({
      message: 'Internal error: the failure has been logged.',
      path: ['decideSignOff'],
      extensions: { code: 'INTERNAL' },
    });
  });
});
