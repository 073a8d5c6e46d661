import { audio, text, video, type SectionDefinition } from './section-items';

export const teeTime: SectionDefinition = {
  order: 3,
  slug: 'tee-time',
  hasPage: true,
  name: 'Tee Time',
  description: 'Mental preparation before you play.',
  items: [
    video({
      order: 1,
      title: 'The First-Tee Mindset',
      duration: '9 min',
      description: 'Reframe nerves as energy and pick a simple, committed first target.',
      videoType: 'vimeo',
      videoUrl: 'https://vimeo.com/824330101',
    }),
    text({
      order: 2,
      title: 'First-Tee Checklist',
      duration: '2 min',
      description: 'Five things to do in the last five minutes before you hit.',
      textContent: [
        '1. **Three slow breaths**: four counts in, six counts out.',
        '2. **Pick a small target**, a tree or a bunker edge, not "the fairway".',
        '3. **Choose the club that feels easy**, not the one that feels brave.',
        '4. **One swing thought only**, about rhythm, not mechanics.',
        '5. **Commit**, then let it go. The result of one tee shot never decides a round.',
      ].join('\n'),
    }),
    audio({
      order: 3,
      title: 'Driver Visualization',
      duration: '3 min',
      description: 'A guided picture of a smooth, balanced drive.',
      audioUrl: '/media/clubs/driver.mp3',
    }),
  ],
};
