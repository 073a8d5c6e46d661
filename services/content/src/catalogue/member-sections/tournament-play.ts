import { audio, text, video, type SectionDefinition } from './section-items';

export const tournamentPlay: SectionDefinition = {
  order: 12,
  slug: 'tournament-play',
  hasPage: false,
  name: 'Tournament Play',
  description: 'Bring your practice-round mind to competition day.',
  items: [
    video({
      order: 1,
      title: 'Competing Without Choking',
      duration: '12 min',
      description: 'Why skilled players tighten up under pressure, and the antidotes.',
      videoType: 'youtube',
      videoUrl: 'https://www.youtube.com/watch?v=FmTourneyCh1',
    }),
    text({
      order: 2,
      title: 'Tournament Week Plan',
      duration: '4 min',
      description: 'Prepare early so competition day feels familiar.',
      textContent: [
        '**Monday-Wednesday:** practise your routine, not new swing changes.',
        '**Thursday:** practice round with a notebook: targets, clubs, danger zones.',
        '**Friday:** light session, early night, visualise the first three holes.',
        '**Competition day:** same warm-up as always. **Play your game plan, not the leaderboard.**',
        '',
        'Know the rules before you need them: https://www.randa.org/',
      ].join('\n'),
    }),
    audio({
      order: 3,
      title: 'Closing Out a Round',
      duration: '4 min',
      description: 'A guided rehearsal for the final holes when the result matters.',
      audioUrl: '/media/guided/three-foot-pressure-putt.mp3',
    }),
  ],
};
