import { audio, text, video, type SectionDefinition } from './section-items';

export const journaling: SectionDefinition = {
  order: 10,
  slug: 'journaling',
  hasPage: false,
  name: 'Golf Journaling',
  description: 'Write it down: review rounds and track progress.',
  items: [
    text({
      order: 1,
      title: 'The Three-Line Round Review',
      duration: '5 min',
      description: 'A review you will actually do after every round.',
      textContent: [
        '**Line 1: What went well?** Be specific: "committed to every tee shot on the back nine".',
        '**Line 2: What did I learn?** One lesson, not a list.',
        '**Line 3: What will I practise?** One drill for the coming week.',
        '',
        'Keep it short and kind. The review is for learning, not for punishment.',
      ].join('\n'),
    }),
    video({
      order: 2,
      title: 'Journaling Your Way to Confidence',
      duration: '8 min',
      description: 'How a written record of good shots feeds your belief.',
      videoType: 'youtube',
      videoUrl: 'https://www.youtube.com/watch?v=FmJournal01',
    }),
    audio({
      order: 3,
      title: 'Evening Reflection',
      duration: '3 min',
      description: 'Replay your best shot of the day before you write.',
      audioUrl: '/media/clubs/pitching-wedge.mp3',
    }),
  ],
};
