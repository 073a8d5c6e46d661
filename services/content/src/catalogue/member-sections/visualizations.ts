import { audio, text, type SectionDefinition } from './section-items';

export const visualizations: SectionDefinition = {
  order: 2,
  slug: 'visualizations',
  hasPage: true,
  name: 'Visualizations',
  description: 'Audio visualizations for peak mental performance on the course.',
  items: [
    audio({
      order: 1,
      title: 'Perfect Drive',
      duration: '4 min',
      description: 'Stand on the first tee with a clear mind and rehearse a full, free swing.',
      audioUrl: '/media/guided/perfect-drive.mp3',
    }),
    audio({
      order: 2,
      title: 'Chip Under Pressure',
      duration: '4 min',
      description: 'Read, pick a landing spot, commit: a chipping routine you can trust.',
      audioUrl: '/media/guided/chip-under-pressure.mp3',
    }),
    audio({
      order: 3,
      title: 'Bunker Shot',
      duration: '4 min',
      description: 'See the splash, feel the bounce and watch the ball land softly.',
      audioUrl: '/media/guided/bunker-shot.mp3',
    }),
    text({
      order: 4,
      title: 'How to Get the Most from Visualization',
      duration: '4 min',
      description: 'Imagery works best when it is vivid, specific and felt.',
      textContent: [
        '**Use every sense.** See the target, feel the grip, hear the strike, notice the wind on your face.',
        '**Real time, real speed.** Rehearse the swing at the tempo you want to play it.',
        '**First person.** Look out through your own eyes rather than watching yourself on a screen.',
        '**End with success.** Always finish the picture with the ball finishing where you wanted.',
        '',
        'The science of mental rehearsal (motor imagery): https://en.wikipedia.org/wiki/Motor_imagery',
      ].join('\n'),
    }),
  ],
};
