import { describe, expect, it } from 'vitest';
import { editableFields, inputOf } from './approve-with-changes-dialog';
import { inputChanges } from './input-changes';

/** As the API stores it: canonical, so its properties sorted by name. */
const OPERATION = {
  __typename: 'Operation' as const,
  op: 'email.send',
  version: 1,
  runner: 'AGENT' as const,
  effectTemplate: null,
  fieldOrder: null,
  inputSchema: {
    type: 'object',
    properties: { count: { type: 'integer', title: 'Copies' }, subject: { type: 'string', title: 'Subject' }, to: { type: 'string', title: 'Recipient' } },
  },
};

describe('approving with changes', () => {
  it('offers every field of the schema, string values as typed and others as JSON, then any field the schema let through', () => {
    expect(editableFields({ input: { to: 'bob@example.com', count: 2, extra: [1] }, operation: OPERATION })).toEqual([
      { name: 'count', label: 'Copies', hint: undefined, asText: false, text: '2' },
      { name: 'subject', label: 'Subject', hint: undefined, asText: true, text: '' },
      { name: 'to', label: 'Recipient', hint: undefined, asText: true, text: 'bob@example.com' },
      { name: 'extra', label: 'extra', hint: undefined, asText: false, text: '[1]' },
    ]);
  });

  it('reads the edit back: text as typed, JSON parsed, an empty field left out, JSON that does not read named', () => {
    const fields = editableFields({ input: { to: 'bob@example.com', count: 2 }, operation: OPERATION });
    const edited = fields.map((field) => (field.name === 'count' ? { ...field, text: '3' } : field.name === 'subject' ? { ...field, text: ' Hi ' } : field));
    expect(inputOf(edited)).toEqual({ input: { count: 3, subject: ' Hi ', to: 'bob@example.com' } });
    expect(inputOf(fields.map((field) => (field.name === 'count' ? { ...field, text: 'three' } : field)))).toEqual({
      problem: 'Copies is not a JSON value (a number, true or false, a list or an object).',
    });
  });

  it('shows the fields an owner changed, asked beside approved, and none when nothing changed', () => {
    const asked = { to: 'bob@example.com', subject: 'Report', count: 2 };
    expect(inputChanges({ requestedInput: asked, input: { to: 'bob@example.com', subject: 'Draft' }, operation: OPERATION })).toEqual([
      { name: 'count', label: 'Copies', asked: 2, approved: undefined },
      { name: 'subject', label: 'Subject', asked: 'Report', approved: 'Draft' },
    ]);
    expect(inputChanges({ requestedInput: asked, input: asked, operation: OPERATION })).toEqual([]);
  });
});
