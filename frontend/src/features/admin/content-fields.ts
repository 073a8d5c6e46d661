import type { AdminTier } from '@fm/contracts';
import type { FieldSpec } from '@/features/admin/edit-fields';

const option = (value: string, label = value) => ({ value, label });
const VIDEO_TYPES = [option('youtube', 'YouTube'), option('vimeo', 'Vimeo'), option('file', 'Video file')];

/** The lesson form: the fields of PATCH /api/admin/lessons/:id (docs/API.md "Catalogue"). */
export const LESSON_FIELDS: readonly FieldSpec[] = [
  { name: 'title', label: 'Title', kind: 'text', maxLength: 120 },
  { name: 'description', label: 'Description', kind: 'multiline', maxLength: 2000 },
  { name: 'videoUrl', label: 'Video URL', kind: 'text', maxLength: 500, helperText: 'YouTube, Vimeo or file address' },
  { name: 'videoType', label: 'Video type', kind: 'select', options: VIDEO_TYPES },
  {
    name: 'audioUrl',
    label: 'Audio URL',
    kind: 'text',
    nullable: true,
    maxLength: 500,
    helperText: 'Optional: /media/… or https://…',
  },
  { name: 'duration', label: 'Duration', kind: 'text', maxLength: 20, helperText: 'e.g. "12 min"' },
  {
    name: 'category',
    label: 'Category',
    kind: 'select',
    options: [
      option('confidence', 'Confidence'),
      option('composure', 'Composure'),
      option('concentration', 'Concentration'),
      option('other', 'Other'),
    ],
  },
  { name: 'isFree', label: 'Free lesson (open to everyone)', kind: 'boolean' },
  { name: 'order', label: 'Order', kind: 'number' },
];

/** Lectures are fixed at five: text and video only (number and isFree never change). */
export const LECTURE_FIELDS: readonly FieldSpec[] = [
  { name: 'title', label: 'Title', kind: 'text', maxLength: 120 },
  { name: 'description', label: 'Description', kind: 'multiline', maxLength: 2000 },
  { name: 'duration', label: 'Duration', kind: 'text', maxLength: 20 },
  { name: 'videoUrl', label: 'Video URL', kind: 'text', maxLength: 500 },
  { name: 'videoType', label: 'Video type', kind: 'select', options: VIDEO_TYPES },
];

export const TESTIMONIAL_FIELDS: readonly FieldSpec[] = [
  { name: 'name', label: 'Name', kind: 'text', maxLength: 80 },
  { name: 'location', label: 'Location', kind: 'text', maxLength: 80 },
  { name: 'quote', label: 'Quote', kind: 'multiline', maxLength: 1000 },
  { name: 'avatarUrl', label: 'Avatar URL', kind: 'text', nullable: true, maxLength: 500, helperText: 'Optional' },
];

/** A tier's form; the Premium tier's price comes from the server's config and is shown read-only. */
export function tierFields(tier: AdminTier): readonly FieldSpec[] {
  return [
    { name: 'name', label: 'Name', kind: 'text', maxLength: 40, readOnly: tier.priceFromConfig },
    {
      name: 'price',
      label: 'Price',
      kind: 'text',
      maxLength: 40,
      readOnly: tier.priceFromConfig,
      helperText: tier.priceFromConfig
        ? 'Set by the server (PREMIUM_PRICE_CENTS and CURRENCY): what billing charges'
        : 'Display text, e.g. "Free"',
    },
    { name: 'features', label: 'Features (one a line)', kind: 'lines', helperText: 'At most 20' },
    { name: 'isFeatured', label: 'Featured', kind: 'boolean' },
    { name: 'order', label: 'Order', kind: 'number' },
  ];
}

export const SECTION_ITEM_FIELDS: readonly FieldSpec[] = [
  { name: 'title', label: 'Title', kind: 'text', maxLength: 120 },
  { name: 'description', label: 'Description', kind: 'multiline', nullable: true, maxLength: 2000 },
  {
    name: 'contentType',
    label: 'Type',
    kind: 'select',
    options: [option('video', 'Video'), option('audio', 'Audio'), option('text', 'Text')],
  },
  { name: 'videoUrl', label: 'Video URL', kind: 'text', nullable: true, maxLength: 500 },
  { name: 'videoType', label: 'Video type', kind: 'text', nullable: true, helperText: 'youtube, vimeo or file' },
  { name: 'audioUrl', label: 'Audio URL', kind: 'text', nullable: true, maxLength: 500 },
  {
    name: 'textContent',
    label: 'Text',
    kind: 'multiline',
    nullable: true,
    maxLength: 20000,
    helperText: 'Newlines, **bold** and links',
  },
  { name: 'duration', label: 'Duration', kind: 'text', nullable: true, maxLength: 20 },
  { name: 'order', label: 'Order', kind: 'number' },
];
