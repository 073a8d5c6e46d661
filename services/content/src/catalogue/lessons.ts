import type { Lesson } from '../domain/lesson.model';

/**
 * The public lesson library. Lesson 1 is free; the rest are Premium. Video URLs are the
 * founder's public uploads (replace them in place; the title is the seed's key).
 */
export const LESSONS: readonly Lesson[] = [
  {
    order: 1,
    title: 'Sweet Spot Swings',
    category: 'confidence',
    isFree: true,
    duration: '12 min',
    videoType: 'youtube',
    videoUrl: 'https://www.youtube.com/watch?v=Fm1SweetSpot',
    audioUrl: null,
    description:
      'Your first ten minutes of mental training. Learn to find the calm, centred feeling of a ball struck out of the middle of the face, and how to recall that feeling on demand before every swing. We pair a simple breathing rhythm with a one-word swing cue so your body, not your worry, runs the motion.',
  },
  {
    order: 2,
    title: 'The Pre-Shot Routine That Travels',
    category: 'concentration',
    isFree: false,
    duration: '11 min',
    videoType: 'youtube',
    videoUrl: 'https://www.youtube.com/watch?v=Fm2PreShotRt',
    audioUrl: null,
    description:
      'A routine is how attention gets from the yardage book to the target. Build a repeatable sequence of see it, feel it, trust it that takes under 30 seconds, works on the range and the 18th tee alike, and gives a nervous mind a familiar path to follow.',
  },
  {
    order: 3,
    title: 'The 4-6 Breath: Composure in Sixty Seconds',
    category: 'composure',
    isFree: false,
    duration: '9 min',
    videoType: 'vimeo',
    videoUrl: 'https://vimeo.com/824310001',
    audioUrl: null,
    description:
      'Long exhales slow the heart and settle the hands. Practise a four-count inhale and six-count exhale, learn when to use it between shots, and see why a calmer nervous system gives you back your natural tempo under pressure.',
  },
  {
    order: 4,
    title: 'Quiet Eye Putting',
    category: 'concentration',
    isFree: false,
    duration: '12 min',
    videoType: 'youtube',
    videoUrl: 'https://www.youtube.com/watch?v=Fm4QuietEye1',
    audioUrl: null,
    description:
      'Research on elite putters shows a longer, steadier final gaze on the back of the ball before and during the stroke. Train your own quiet eye with a simple three-step drill and watch short putts stop leaking under pressure.',
  },
  {
    order: 5,
    title: 'Confidence from Evidence: Your Highlight Reel',
    category: 'confidence',
    isFree: false,
    duration: '13 min',
    videoType: 'vimeo',
    videoUrl: 'https://vimeo.com/824310002',
    audioUrl: null,
    description:
      'Confidence is not a mood; it is a memory you can train. Build a personal highlight reel of your best shots, rehearse it vividly, and learn to call on it when a tight lie or a long carry starts to shake your belief.',
  },
  {
    order: 6,
    title: 'After the Double Bogey: The Reset Walk',
    category: 'composure',
    isFree: false,
    duration: '10 min',
    videoType: 'youtube',
    videoUrl: 'https://www.youtube.com/watch?v=Fm6ResetWalk',
    audioUrl: null,
    description:
      'The shot after a bad hole decides more rounds than the bad hole itself. Learn a four-stage walk to the next tee: feel it, name it, breathe it out, choose the next target, so one mistake never becomes three.',
  },
  {
    order: 7,
    title: 'Process Goals Over Scorecards',
    category: 'confidence',
    isFree: false,
    duration: '12 min',
    videoType: 'vimeo',
    videoUrl: 'https://vimeo.com/824310003',
    audioUrl: null,
    description:
      'Chasing a number tightens the swing. Swap outcome goals for process goals you fully control: routine completed, target picked, committed swing. Then track them, and watch your scores follow without being forced.',
  },
  {
    order: 8,
    title: 'Self-Talk That Lets You Swing Free',
    category: 'confidence',
    isFree: false,
    duration: '14 min',
    videoType: 'youtube',
    videoUrl: 'https://www.youtube.com/watch?v=Fm8SelfTalk1',
    audioUrl: null,
    description:
      'The voice in your head is coaching every swing, for better or worse. Catch the unhelpful lines, rewrite them as short instructional cues, and practise talking to yourself the way a good caddie would talk to you.',
  },
  {
    order: 9,
    title: 'One Shot at a Time: Playing in the Present',
    category: 'concentration',
    isFree: false,
    duration: '15 min',
    videoType: 'vimeo',
    videoUrl: 'https://vimeo.com/824310004',
    audioUrl: null,
    description:
      'Attention drifts to the last hole or the final score. Learn to open and close an attention window around each shot: narrow and focused in the play box, relaxed and wide on the walk, so you stay fresh for eighteen holes.',
  },
  {
    order: 10,
    title: 'First-Tee Nerves: Turning Butterflies into Energy',
    category: 'composure',
    isFree: false,
    duration: '8 min',
    videoType: 'youtube',
    videoUrl: 'https://www.youtube.com/watch?v=Fm10FirstTee',
    audioUrl: '/media/guided/perfect-drive.mp3',
    description:
      'A racing heart on the first tee is your body getting ready, not failing. Reframe nerves as excitement, use a short guided rehearsal of the perfect drive, and step up with a simple target and a soft grip.',
  },
  {
    order: 11,
    title: 'Think Box, Play Box: Committing to Every Shot',
    category: 'concentration',
    isFree: false,
    duration: '11 min',
    videoType: 'vimeo',
    videoUrl: 'https://vimeo.com/824310005',
    audioUrl: null,
    description:
      'Decide behind the ball, execute over it. Draw a line on the ground between thinking and playing, make every decision before you cross it, and let the swing happen once you do. Commitment beats perfect club selection.',
  },
];
