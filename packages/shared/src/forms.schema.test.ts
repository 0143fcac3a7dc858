import { describe, expect, it } from 'vitest';
import { createFormSchema, updateFormSchema } from './forms.schema.js';

const notes = { type: 'textarea', name: 'notes', label: 'Notes' };
const firstMessage = (result: { error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('createFormSchema', () => {
  it('trims, and turns a missing or empty description and schema into null and missing groups into none', () => {
    expect(createFormSchema.parse({ title: '  Intake ' })).toEqual({
      title: 'Intake',
      description: null,
      schema: null,
      groupIds: [],
    });
    expect(createFormSchema.parse({ title: 'Intake', description: ' ', schema: '' })).toMatchObject({
      description: null,
      schema: null,
    });
  });

  it('takes the schema as an object or as JSON text, and drops repeated group ids', () => {
    const fromObject = createFormSchema.parse({ title: 'A', schema: { fields: [notes] }, groupIds: [2, 1, 2] });
    const fromText = createFormSchema.parse({ title: 'A', schema: JSON.stringify({ fields: [notes] }) });
    expect(fromObject).toMatchObject({ schema: { fields: [notes] }, groupIds: [2, 1] });
    expect(fromText.schema).toEqual(fromObject.schema);
  });

  it("refuses a blank title with 'Form title must be a non-empty string'", () => {
    expect(firstMessage(createFormSchema.safeParse({ title: ' ' }))).toBe('Form title must be a non-empty string');
  });

  it('gives the format message, naming the field, for a bad schema', () => {
    expect(firstMessage(createFormSchema.safeParse({ title: 'A', schema: { fields: [notes, notes] } }))).toBe(
      'Duplicate field name "notes"',
    );
  });
});

describe('updateFormSchema', () => {
  it('leaves out what is not sent, so PATCH keeps it', () => {
    expect(updateFormSchema.parse({ title: 'B' })).toEqual({ title: 'B' });
  });

  it('clears the schema and description with null or empty text', () => {
    expect(updateFormSchema.parse({ schema: null, description: '' })).toEqual({ schema: null, description: null });
  });

  it("refuses an empty change with 'Nothing to update'", () => {
    expect(firstMessage(updateFormSchema.safeParse({}))).toBe('Nothing to update');
  });
});
