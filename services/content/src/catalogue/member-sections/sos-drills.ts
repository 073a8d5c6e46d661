import { audio, text, video, type SectionDefinition } from './section-items';

export const sosDrills: SectionDefinition = {
  order: 6,
  slug: 'sos-drills',
  hasPage: true,
  name: 'SOS Drills',
  description: 'Emergency mental reset techniques.',
  items: [
    text({
      order: 1,
      title: 'The 60-Second Reset',
      duration: '1 min',
      description: 'For the walk after a bad shot or a bad hole.',
      textContent: [
        '**Feel it (10 s).** Let the frustration be there. Do not pretend.',
        '**Name it (5 s).** "That was anger." Naming an emotion helps calm it.',
        '**Breathe it out (30 s).** Three breaths: four in, six out.',
        '**Next target (15 s).** Pick the target for the next shot before you reach the ball.',
      ].join('\n'),
    }),
    video({
      order: 2,
      title: 'Stopping the Spiral',
      duration: '8 min',
      description: 'Why one bad hole becomes three, and how to break the chain.',
      videoType: 'youtube',
      videoUrl: 'https://www.youtube.com/watch?v=FmSosSpiral1',
    }),
    audio({
      order: 3,
      title: 'Emergency Calm: Bunker Edition',
      duration: '4 min',
      description: 'When the sand is in your head before you are in the sand.',
      audioUrl: '/media/guided/bunker-shot.mp3',
    }),
    text({
      order: 4,
      title: 'Box Breathing on the Course',
      duration: '2 min',
      description: 'A second breathing pattern for moments of real panic.',
      textContent: [
        'Inhale 4, hold 4, exhale 4, hold 4. Repeat four times while you walk.',
        '**Use it when your heart is pounding**, then return to four-in, six-out before you play.',
        'More about the technique: https://en.wikipedia.org/wiki/Box_breathing',
      ].join('\n'),
    }),
  ],
};
