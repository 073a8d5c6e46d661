import { audio, text, video, type SectionDefinition } from './section-items';

export const swingTraining: SectionDefinition = {
  order: 5,
  slug: 'swing-training',
  hasPage: true,
  name: 'Swing Training Recommendations',
  description: 'Train mechanics without taking swing thoughts to the course.',
  items: [
    video({
      order: 1,
      title: 'Training Mode vs Trusting Mode',
      duration: '11 min',
      description: 'Work on mechanics in practice; play with one feel on the course.',
      videoType: 'vimeo',
      videoUrl: 'https://vimeo.com/824330501',
    }),
    text({
      order: 2,
      title: 'One Feel, Not Five Thoughts',
      duration: '3 min',
      description: 'Choosing a swing cue that survives pressure.',
      textContent: [
        'Under pressure, a long list of positions makes the swing rigid.',
        '**Pick one external cue** about where the ball goes or how the club moves: "through the target", "smooth tempo", "brush the grass".',
        '**Test it on the range** in your full routine before you take it out to play.',
        'Attention research generally favours an external focus for skilled movements.',
      ].join('\n'),
    }),
    audio({
      order: 3,
      title: 'Tempo Breathing for Practice',
      duration: '4 min',
      description: 'A guided tempo rehearsal for your most trusted club.',
      audioUrl: '/media/clubs/5-iron.mp3',
    }),
  ],
};
