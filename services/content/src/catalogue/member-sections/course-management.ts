import { audio, text, video, type SectionDefinition } from './section-items';

export const courseManagement: SectionDefinition = {
  order: 9,
  slug: 'course-management',
  hasPage: false,
  name: 'Course Management',
  description: 'Smart targets and clear decisions, hole by hole.',
  items: [
    text({
      order: 1,
      title: 'Aim at the Fat Part',
      duration: '4 min',
      description: 'Choosing targets that match your real dispersion.',
      textContent: [
        'Your shots form a pattern, not a point. **Aim so your miss is still safe.**',
        'When a flag is tucked behind a bunker, the centre of the green is the aggressive play for most golfers.',
        'Use the "two-club rule": if a carry needs your best strike, take the shot that only needs your normal one.',
      ].join('\n'),
    }),
    video({
      order: 2,
      title: 'Build a Game Plan for Your Home Course',
      duration: '12 min',
      description: 'Walk through each hole and decide club and target in advance.',
      videoType: 'vimeo',
      videoUrl: 'https://vimeo.com/824330901',
    }),
    audio({
      order: 3,
      title: 'Chip Under Pressure',
      duration: '4 min',
      description: 'A reliable short-game routine for the holes where the plan goes wrong.',
      audioUrl: '/media/guided/chip-under-pressure.mp3',
    }),
  ],
};
