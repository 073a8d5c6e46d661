import { audio, text, video, type SectionDefinition } from './section-items';

export const puttingMindset: SectionDefinition = {
  order: 8,
  slug: 'putting-mindset',
  hasPage: false,
  name: 'Putting Mindset',
  description: 'Quiet eyes, quiet hands: confidence on the greens.',
  items: [
    video({
      order: 1,
      title: 'Quiet Eye Drill',
      duration: '9 min',
      description: 'Hold a steady gaze on the back of the ball through the stroke.',
      videoType: 'youtube',
      videoUrl: 'https://www.youtube.com/watch?v=FmPuttQuiet',
    }),
    audio({
      order: 2,
      title: 'Three Foot Pressure Putt',
      duration: '4 min',
      description: 'Commit to a line and roll it in with a quiet stroke.',
      audioUrl: '/media/guided/three-foot-pressure-putt.mp3',
    }),
    text({
      order: 3,
      title: 'Speed First, Line Second',
      duration: '3 min',
      description: 'Most three-putts start with pace, not direction.',
      textContent: [
        'On putts outside 20 feet, **your only job is pace**: picture the ball finishing in a one-metre circle.',
        'Inside 6 feet, **pick a line and commit**. Indecision causes more misses than misreads.',
        'Say your line out loud before you step in: "inside left edge". Then trust it.',
      ].join('\n'),
    }),
    audio({
      order: 4,
      title: 'Putter Visualization',
      duration: '3 min',
      description: 'A guided picture of a smooth pendulum stroke.',
      audioUrl: '/media/clubs/putter.mp3',
    }),
  ],
};
