import { describe, expect, it } from 'vitest';
import { changedFields, toDraft, type FieldSpec } from '@/features/admin/edit-fields';

const fields: FieldSpec[] = [
  { name: 'title', label: 'Title', kind: 'text' },
  { name: 'audioUrl', label: 'Audio', kind: 'text', nullable: true },
  { name: 'isFree', label: 'Free', kind: 'boolean' },
  { name: 'order', label: 'Order', kind: 'number' },
  { name: 'features', label: 'Features', kind: 'lines' },
  { name: 'price', label: 'Price', kind: 'text', readOnly: true },
];
const record = { title: 'A', audioUrl: null, isFree: false, order: 3, features: ['x', 'y'], price: '$19.99' };

describe('edit forms send only what changed', () => {
  it('when nothing is changed, then the patch is empty', () => {
    expect(changedFields(fields, record, toDraft(fields, record))).toEqual({ patch: {} });
  });

  it('when fields are changed, then only those are in the patch, in the API types', () => {
    const draft = { ...toDraft(fields, record), title: ' B ', isFree: true, order: '4', features: 'x\n\n z ' };
    expect(changedFields(fields, record, draft)).toEqual({
      patch: { title: 'B', isFree: true, order: 4, features: ['x', 'z'] },
    });
  });

  it('when an optional field is blanked, then it is sent as null; a read-only field is never sent', () => {
    const withAudio = { ...record, audioUrl: '/media/a.mp3' };
    const draft = { ...toDraft(fields, withAudio), audioUrl: '  ', price: '$1' };
    expect(changedFields(fields, withAudio, draft)).toEqual({ patch: { audioUrl: null } });
  });

  it('when a number field is not a whole number, then the form reports it and sends nothing', () => {
    expect(changedFields(fields, record, { ...toDraft(fields, record), order: '1.5' })).toEqual({
      errors: { order: 'Enter a whole number' },
    });
  });
});
