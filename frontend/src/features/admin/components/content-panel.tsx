import { useState } from 'react';
import type { AdminLecture, AdminLesson, AdminSectionItem, AdminTestimonial, AdminTier } from '@fm/contracts';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { VideoEmbed } from '@/components/ui/video-embed';
import { useCreateAdminLessonMutation, useCreateAdminSectionItemMutation } from '@/features/admin/api/create-catalogue';
import { useGetAdminLecturesQuery } from '@/features/admin/api/get-lectures';
import { useGetAdminLessonsQuery } from '@/features/admin/api/get-lessons';
import { useGetAdminSectionItemsQuery } from '@/features/admin/api/get-section-items';
import { useGetAdminTestimonialsQuery } from '@/features/admin/api/get-testimonials';
import { useGetAdminTiersQuery } from '@/features/admin/api/get-tiers';
import { useUpdateAdminLectureMutation } from '@/features/admin/api/update-lecture';
import { useUpdateAdminLessonMutation } from '@/features/admin/api/update-lesson';
import { useUpdateAdminSectionItemMutation } from '@/features/admin/api/update-section-item';
import { useUpdateAdminTestimonialMutation } from '@/features/admin/api/update-testimonial';
import { useUpdateAdminTierMutation } from '@/features/admin/api/update-tier';
import { AddRecordButton } from '@/features/admin/components/add-record-button';
import { usePaging, type AdminColumn } from '@/features/admin/components/admin-table';
import { CatalogueList } from '@/features/admin/components/catalogue-list';
import {
  LECTURE_FIELDS,
  LESSON_FIELDS,
  SECTION_ITEM_FIELDS,
  TESTIMONIAL_FIELDS,
  tierFields,
} from '@/features/admin/content-fields';
import type { Draft, FieldSpec } from '@/features/admin/edit-fields';

/** The embed the public page will show for the form's video address. */
function VideoPreview({ draft, title }: { draft: Draft; title: string }) {
  const url = String(draft.videoUrl ?? '').trim();
  return (
    <>
      <Typography variant="subtitle2">Preview</Typography>
      {url ? (
        <VideoEmbed url={url} title={`Preview: ${String(draft.title ?? title)}`} />
      ) : (
        <Typography variant="body2" color="text.secondary">
          No video address.
        </Typography>
      )}
    </>
  );
}

/** A new record takes the next place (the server's); the form leaves the order out. */
const withoutOrder = (fields: readonly FieldSpec[]) => fields.filter((field) => field.name !== 'order');

const freeChip = (free: boolean) => (
  <Chip size="small" label={free ? 'Free' : 'Premium'} color={free ? 'success' : 'default'} />
);

function LessonsList() {
  const paging = usePaging();
  const result = useGetAdminLessonsQuery({ page: paging.page, pageSize: paging.pageSize });
  const [update] = useUpdateAdminLessonMutation();
  const [create] = useCreateAdminLessonMutation();
  const columns: AdminColumn<AdminLesson>[] = [
    { id: 'order', label: 'Order', render: (l) => l.order, sortValue: (l) => l.order },
    { id: 'title', label: 'Title', render: (l) => l.title, sortValue: (l) => l.title, minWidth: 200 },
    { id: 'category', label: 'Category', render: (l) => l.category, sortValue: (l) => l.category },
    { id: 'duration', label: 'Duration', render: (l) => l.duration, sortValue: (l) => l.duration },
    { id: 'free', label: 'Access', render: (l) => freeChip(l.isFree), sortValue: (l) => l.isFree },
  ];
  return (
    <Stack spacing={2}>
      <AddRecordButton
        label="Add lesson"
        title="Add a lesson"
        fields={withoutOrder(LESSON_FIELDS)}
        defaults={{ videoType: 'youtube', category: 'confidence', isFree: false }}
        create={(body) => create(body).unwrap()}
        preview={(draft) => <VideoPreview draft={draft} title="New lesson" />}
      />
      <CatalogueList
        label="Lessons"
        noun="lesson"
        describe={(l) => l.title}
        columns={columns}
        result={result}
        paging={paging}
        fields={() => LESSON_FIELDS}
        save={(l, patch) => update({ id: l.id, patch }).unwrap()}
        preview={(l, draft) => <VideoPreview draft={draft} title={l.title} />}
      />
    </Stack>
  );
}

function LecturesList() {
  const paging = usePaging();
  const result = useGetAdminLecturesQuery({ page: paging.page, pageSize: paging.pageSize });
  const [update] = useUpdateAdminLectureMutation();
  const columns: AdminColumn<AdminLecture>[] = [
    { id: 'number', label: 'No.', render: (l) => l.number, sortValue: (l) => l.number },
    { id: 'title', label: 'Title', render: (l) => l.title, sortValue: (l) => l.title, minWidth: 200 },
    { id: 'duration', label: 'Duration', render: (l) => l.duration },
    { id: 'free', label: 'Access', render: (l) => freeChip(l.isFree) },
  ];
  return (
    <CatalogueList
      label="Lectures"
      noun="lecture"
      describe={(l) => `${l.number}. ${l.title}`}
      columns={columns}
      result={result}
      paging={paging}
      fields={() => LECTURE_FIELDS}
      save={(l, patch) => update({ id: l.id, patch }).unwrap()}
      preview={(l, draft) => <VideoPreview draft={draft} title={l.title} />}
    />
  );
}

function TestimonialsList() {
  const paging = usePaging();
  const result = useGetAdminTestimonialsQuery({ page: paging.page, pageSize: paging.pageSize });
  const [update] = useUpdateAdminTestimonialMutation();
  const columns: AdminColumn<AdminTestimonial>[] = [
    { id: 'name', label: 'Name', render: (t) => t.name, sortValue: (t) => t.name },
    { id: 'location', label: 'Location', render: (t) => t.location, sortValue: (t) => t.location },
    {
      id: 'quote',
      label: 'Quote',
      render: (t) => (
        <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
          {t.quote}
        </Typography>
      ),
      minWidth: 260,
    },
  ];
  return (
    <CatalogueList
      label="Testimonials"
      noun="testimonial"
      describe={(t) => t.name}
      columns={columns}
      result={result}
      paging={paging}
      fields={() => TESTIMONIAL_FIELDS}
      save={(t, patch) => update({ id: t.id, patch }).unwrap()}
    />
  );
}

function TiersList() {
  const paging = usePaging();
  const result = useGetAdminTiersQuery({ page: paging.page, pageSize: paging.pageSize });
  const [update] = useUpdateAdminTierMutation();
  const columns: AdminColumn<AdminTier>[] = [
    { id: 'order', label: 'Order', render: (t) => t.order, sortValue: (t) => t.order },
    { id: 'name', label: 'Name', render: (t) => t.name, sortValue: (t) => t.name },
    {
      id: 'price',
      label: 'Price',
      render: (t) => (t.priceFromConfig ? `${t.price} (from config)` : t.price),
      sortValue: (t) => t.price,
    },
    { id: 'features', label: 'Features', render: (t) => t.features.length, sortValue: (t) => t.features.length },
    { id: 'featured', label: 'Featured', render: (t) => (t.isFeatured ? 'Yes' : 'No'), sortValue: (t) => t.isFeatured },
  ];
  return (
    <CatalogueList
      label="Membership tiers"
      noun="tier"
      describe={(t) => t.name}
      columns={columns}
      result={result}
      paging={paging}
      fields={tierFields}
      save={(t, patch) => update({ id: t.id, patch }).unwrap()}
    />
  );
}

function SectionItemsList({ sections }: { sections: readonly { slug: string; label: string }[] }) {
  const [slug, setSlug] = useState(sections[0]?.slug ?? '');
  const paging = usePaging();
  const result = useGetAdminSectionItemsQuery({ slug, page: paging.page, pageSize: paging.pageSize }, { skip: !slug });
  const [update] = useUpdateAdminSectionItemMutation();
  const [create] = useCreateAdminSectionItemMutation();
  const sectionLabel = sections.find((s) => s.slug === slug)?.label ?? slug;
  const columns: AdminColumn<AdminSectionItem>[] = [
    { id: 'order', label: 'Order', render: (i) => i.order, sortValue: (i) => i.order },
    { id: 'title', label: 'Title', render: (i) => i.title, sortValue: (i) => i.title, minWidth: 200 },
    { id: 'type', label: 'Type', render: (i) => i.contentType, sortValue: (i) => i.contentType },
    { id: 'duration', label: 'Duration', render: (i) => i.duration ?? '—' },
  ];
  return (
    <Stack spacing={2}>
      <TextField
        select
        label="Section"
        value={slug}
        onChange={(event) => {
          setSlug(event.target.value);
          paging.reset();
        }}
        sx={{ maxWidth: 280 }}
      >
        {sections.map((s) => (
          <MenuItem key={s.slug} value={s.slug}>
            {s.label}
          </MenuItem>
        ))}
      </TextField>
      <AddRecordButton
        key={slug}
        label="Add item"
        title={`Add an item to ${sectionLabel}`}
        fields={withoutOrder(SECTION_ITEM_FIELDS)}
        defaults={{ contentType: 'text' }}
        create={(body) => create({ slug, body }).unwrap()}
        preview={(draft) => (draft.contentType === 'video' ? <VideoPreview draft={draft} title="New item" /> : null)}
      />
      <CatalogueList
        label="Section items"
        noun="item"
        describe={(i) => i.title}
        columns={columns}
        result={result}
        paging={paging}
        fields={() => SECTION_ITEM_FIELDS}
        save={(i, patch) => update({ slug: i.sectionSlug, id: i.id, patch }).unwrap()}
        preview={(i, draft) => (draft.contentType === 'video' ? <VideoPreview draft={draft} title={i.title} /> : null)}
      />
    </Stack>
  );
}

const TABS = ['Lessons', 'Lectures', 'Testimonials', 'Tiers', 'Section items'] as const;

/**
 * The catalogue: one tab per kind, each a table with an edit form (a preview of the embed for
 * videos). `sections` are the member sections whose items can be edited (slug and label).
 */
export function ContentPanel({ sections }: { sections: readonly { slug: string; label: string }[] }) {
  const [tab, setTab] = useState(0);
  return (
    <Stack spacing={2}>
      <Box sx={{ borderBottom: 1, borderColor: 'divider' }}>
        <Tabs
          value={tab}
          onChange={(_event, next: number) => setTab(next)}
          variant="scrollable"
          scrollButtons="auto"
          allowScrollButtonsMobile
          aria-label="Content kinds"
        >
          {TABS.map((label, index) => (
            <Tab key={label} label={label} id={`content-tab-${index}`} aria-controls={`content-tabpanel-${index}`} />
          ))}
        </Tabs>
      </Box>
      <Box role="tabpanel" id={`content-tabpanel-${tab}`} aria-labelledby={`content-tab-${tab}`}>
        {tab === 0 && <LessonsList />}
        {tab === 1 && <LecturesList />}
        {tab === 2 && <TestimonialsList />}
        {tab === 3 && <TiersList />}
        {tab === 4 && <SectionItemsList sections={sections} />}
      </Box>
    </Stack>
  );
}
