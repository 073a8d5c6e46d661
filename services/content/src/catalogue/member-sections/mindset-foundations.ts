import { text, video, type SectionDefinition } from './section-items';

export const mindsetFoundations: SectionDefinition = {
  order: 11,
  slug: 'mindset-foundations',
  hasPage: false,
  name: 'Mindset Foundations',
  description: 'The psychology behind confidence, composure and concentration.',
  items: [
    video({
      order: 1,
      title: 'The Three Cs of the Mental Game',
      duration: '14 min',
      description: 'Confidence, composure and concentration, and how they connect.',
      videoType: 'vimeo',
      videoUrl: 'https://vimeo.com/824331101',
    }),
    text({
      order: 2,
      title: 'Finding Your Best Zone',
      duration: '4 min',
      description: 'Too flat or too fired up: performance peaks in between.',
      textContent: [
        'Performance rises with arousal up to a point, then falls: the **inverted-U**.',
        'Notice where you play your best: calm and loose, or slightly buzzing? **That is your zone.**',
        'Use breathing to come down and brisk walking or music to come up.',
        'Background reading: https://en.wikipedia.org/wiki/Yerkes%E2%80%93Dodson_law',
      ].join('\n'),
    }),
    text({
      order: 3,
      title: 'What Flow Feels Like',
      duration: '3 min',
      description: 'Recognising the state where golf feels easy.',
      textContent: [
        'Flow is complete absorption in the task: time changes, the target looks big and the swing feels automatic.',
        'You cannot force flow, but you can **set the conditions**: clear goals, a routine, and a challenge that matches your skill.',
        'Read more: https://en.wikipedia.org/wiki/Flow_(psychology)',
      ].join('\n'),
    }),
  ],
};
