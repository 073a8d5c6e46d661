import { audio, text, video, type SectionDefinition } from './section-items';

export const onTheRange: SectionDefinition = {
  order: 4,
  slug: 'on-the-range',
  hasPage: true,
  name: 'On the Range Drills',
  description: 'Turn range time into practice that transfers to the course.',
  items: [
    text({
      order: 1,
      title: 'The Nine-Ball Test',
      duration: '15 min',
      description: 'Practise like you play: a new target and a full routine for every ball.',
      textContent: [
        'Take nine balls and one mid-iron. Play an imaginary hole with each ball:',
        '**Choose a different target** every time, and go through your **full pre-shot routine**.',
        'Score yourself on the process, not the result: 1 point for the routine, 1 for commitment.',
        '',
        'A score of 14 out of 18 means your routine is ready for the course.',
      ].join('\n'),
    }),
    video({
      order: 2,
      title: 'Block Practice vs Random Practice',
      duration: '10 min',
      description: 'Why hitting the same shot 50 times feels good but transfers poorly.',
      videoType: 'youtube',
      videoUrl: 'https://www.youtube.com/watch?v=FmRangeRandm',
    }),
    audio({
      order: 3,
      title: '7-Iron Visualization',
      duration: '3 min',
      description: 'Rehearse a crisp, centred iron strike before you hit.',
      audioUrl: '/media/clubs/7-iron.mp3',
    }),
  ],
};
