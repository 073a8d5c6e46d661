import type { Lecture } from '../domain/lecture.model';

/** The five member lectures. Lecture 1 is free for every member; 2-5 are Premium. */
export const LECTURES: readonly Lecture[] = [
  {
    number: 1,
    isFree: true,
    title: 'The Mental Game in Ten Minutes a Day',
    duration: '18 min',
    videoType: 'youtube',
    videoUrl: 'https://www.youtube.com/watch?v=FmLecture01a',
    description:
      'How the programme works and why short, daily practice beats the occasional long session. We map the three pillars, confidence, composure and concentration, and set up your first week of ten-minute drills.',
  },
  {
    number: 2,
    isFree: false,
    title: 'Confidence: Where It Really Comes From',
    duration: '22 min',
    videoType: 'vimeo',
    videoUrl: 'https://vimeo.com/824320002',
    description:
      'Self-belief is built from evidence, preparation and the stories you tell yourself. Learn the sources of sporting confidence from the research and a weekly routine that keeps yours topped up.',
  },
  {
    number: 3,
    isFree: false,
    title: 'Composure: Your Nervous System Under Pressure',
    duration: '24 min',
    videoType: 'youtube',
    videoUrl: 'https://www.youtube.com/watch?v=FmLecture03c',
    description:
      'What adrenaline does to grip pressure, tempo and decision-making, and the breathing, posture and self-talk tools that bring you back into your best zone of arousal within a few breaths.',
  },
  {
    number: 4,
    isFree: false,
    title: 'Concentration: Attention Windows and the Quiet Eye',
    duration: '21 min',
    videoType: 'vimeo',
    videoUrl: 'https://vimeo.com/824320004',
    description:
      'Where to look, when to think and when to stop thinking. Broad and narrow attention, the quiet-eye research on putting, and how to switch focus on and off so it lasts all eighteen holes.',
  },
  {
    number: 5,
    isFree: false,
    title: 'Your Personal Mental Game Plan',
    duration: '26 min',
    videoType: 'youtube',
    videoUrl: 'https://www.youtube.com/watch?v=FmLecture05e',
    description:
      'Bring it all together: a pre-round routine, a pre-shot routine, a reset plan for bad holes and a post-round review. Leave with a one-page plan you can carry in your bag and refine every month.',
  },
];
