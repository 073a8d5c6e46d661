import { audio, text, video, type SectionDefinition } from './section-items';

export const dailyDrills: SectionDefinition = {
  order: 1,
  slug: 'daily-drills',
  hasPage: true,
  name: 'Daily Drills',
  description: 'Daily practice routines and visualizations.',
  items: [
    text({
      order: 1,
      title: 'Your 10-Minute Daily Routine',
      duration: '10 min',
      description: 'The backbone of the programme: three short blocks you can do at home.',
      textContent: [
        '**Minutes 1-3: Breathe.** Sit tall, inhale for four counts, exhale for six. Ten rounds.',
        '**Minutes 4-7: Rehearse.** Close your eyes and play three shots in detail: one drive, one approach, one putt. See the target, feel the swing, hear the contact.',
        '**Minutes 8-10: Review.** Write one thing you did well yesterday and one process goal for today.',
        '',
        'Do it at the same time every day, after coffee or before bed. Consistency matters more than length: most golfers notice calmer rounds within 2-4 weeks.',
      ].join('\n'),
    }),
    audio({
      order: 2,
      title: 'Guided Drill: Three Foot Pressure Putt',
      duration: '4 min',
      description: 'A guided rehearsal of the short putt that decides the match.',
      audioUrl: '/media/guided/three-foot-pressure-putt.mp3',
    }),
    video({
      order: 3,
      title: 'Why Ten Minutes a Day Works',
      duration: '8 min',
      description: 'How short, spaced practice changes habits faster than the occasional long session.',
      videoType: 'youtube',
      videoUrl: 'https://www.youtube.com/watch?v=FmDrill10Min',
    }),
    text({
      order: 4,
      title: 'Tracking Your Streak',
      duration: '3 min',
      description: 'Make the habit visible.',
      textContent: [
        'Keep a simple calendar in your bag or on your phone and mark each day you complete the routine.',
        '**Aim for five days out of seven**, not perfection. Missing one day is fine; missing two in a row is where habits fade.',
        'Planning when and where you will practise makes it far more likely to happen: https://en.wikipedia.org/wiki/Implementation_intention',
      ].join('\n'),
    }),
  ],
};
