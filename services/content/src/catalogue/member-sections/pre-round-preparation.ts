import { audio, text, video, type SectionDefinition } from './section-items';

export const preRoundPreparation: SectionDefinition = {
  order: 7,
  slug: 'pre-round-preparation',
  hasPage: false,
  name: 'Pre-Round Preparation',
  description: 'The hour before the round: warm up your body and your mind.',
  items: [
    text({
      order: 1,
      title: 'The 45-Minute Warm-Up Plan',
      duration: '5 min',
      description: 'A calm, unhurried arrival.',
      textContent: [
        '**45 min before:** arrive, stretch, ten slow breaths in the car park.',
        '**35 min:** putting green first. Long putts for pace, then ten three-footers.',
        '**25 min:** range. Wedges up to driver, then **play the first three holes** in your head.',
        '**10 min:** chipping, then back to the putting green.',
        '**5 min:** first-tee checklist. Go.',
      ].join('\n'),
    }),
    video({
      order: 2,
      title: 'Set Your Intention for the Round',
      duration: '7 min',
      description: 'Choose two process goals before you tee off.',
      videoType: 'vimeo',
      videoUrl: 'https://vimeo.com/824330701',
    }),
    audio({
      order: 3,
      title: 'Pre-Round Calm: Perfect Drive',
      duration: '4 min',
      description: 'Listen in the car park before you walk to the first tee.',
      audioUrl: '/media/guided/perfect-drive.mp3',
    }),
  ],
};
