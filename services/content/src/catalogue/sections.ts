import type { MemberContent } from '../domain/member-content.model';
import type { MemberSection } from '../domain/member-section.model';

export type SectionItem = Omit<MemberContent, 'sectionId'>;
export type SectionDefinition = MemberSection & { items: SectionItem[] };

const video = (item: Omit<SectionItem, 'contentType'>): SectionItem => ({ contentType: 'video', ...item });
const audio = (item: Omit<SectionItem, 'contentType'>): SectionItem => ({ contentType: 'audio', ...item });
const text = (item: Omit<SectionItem, 'contentType'>): SectionItem => ({ contentType: 'text', ...item });

/**
 * The 12 Premium programme sections and their content. Text items use newlines, **bold** and
 * http(s) links (the section pages render those). Audio points at the gateway's generated
 * media (/media/guided/<id>.mp3, /media/clubs/<clubId>.mp3). Slug and item title are the keys.
 */
export const SECTIONS: readonly SectionDefinition[] = [
  {
    order: 1,
    slug: 'daily-drills',
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
  },
  {
    order: 2,
    slug: 'visualizations',
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
  },
  {
    order: 3,
    slug: 'tee-time',
    name: 'Tee Time',
    description: 'Mental preparation before you play.',
    items: [
      video({
        order: 1,
        title: 'The First-Tee Mindset',
        duration: '9 min',
        description: 'Reframe nerves as energy and pick a simple, committed first target.',
        videoType: 'vimeo',
        videoUrl: 'https://vimeo.com/824330101',
      }),
      text({
        order: 2,
        title: 'First-Tee Checklist',
        duration: '2 min',
        description: 'Five things to do in the last five minutes before you hit.',
        textContent: [
          '1. **Three slow breaths**: four counts in, six counts out.',
          '2. **Pick a small target**, a tree or a bunker edge, not "the fairway".',
          '3. **Choose the club that feels easy**, not the one that feels brave.',
          '4. **One swing thought only**, about rhythm, not mechanics.',
          '5. **Commit**, then let it go. The result of one tee shot never decides a round.',
        ].join('\n'),
      }),
      audio({
        order: 3,
        title: 'Driver Visualization',
        duration: '3 min',
        description: 'A guided picture of a smooth, balanced drive.',
        audioUrl: '/media/clubs/driver.mp3',
      }),
    ],
  },
  {
    order: 4,
    slug: 'on-the-range',
    name: 'On the Range Drills',
    description: 'Turn range time into practice that transfers to the course.',
    items: [
      text({
        order: 1,
        title: 'The Nine-Ball Test',
        duration: '15 min',
        description: 'Practise like you play: a new target and a full routine for every ball.',
        textContent: [
          'Take nine balls and one mid-iron. Play an imaginary hole with each ball:',
          '**Choose a different target** every time, and go through your **full pre-shot routine**.',
          'Score yourself on the process, not the result: 1 point for the routine, 1 for commitment.',
          '',
          'A score of 14 out of 18 means your routine is ready for the course.',
        ].join('\n'),
      }),
      video({
        order: 2,
        title: 'Block Practice vs Random Practice',
        duration: '10 min',
        description: 'Why hitting the same shot 50 times feels good but transfers poorly.',
        videoType: 'youtube',
        videoUrl: 'https://www.youtube.com/watch?v=FmRangeRandm',
      }),
      audio({
        order: 3,
        title: '7-Iron Visualization',
        duration: '3 min',
        description: 'Rehearse a crisp, centred iron strike before you hit.',
        audioUrl: '/media/clubs/7-iron.mp3',
      }),
    ],
  },
  {
    order: 5,
    slug: 'swing-training',
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
  },
  {
    order: 6,
    slug: 'sos-drills',
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
  },
  {
    order: 7,
    slug: 'pre-round-preparation',
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
  },
  {
    order: 8,
    slug: 'putting-mindset',
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
  },
  {
    order: 9,
    slug: 'course-management',
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
  },
  {
    order: 10,
    slug: 'journaling',
    name: 'Golf Journaling',
    description: 'Write it down: review rounds and track progress.',
    items: [
      text({
        order: 1,
        title: 'The Three-Line Round Review',
        duration: '5 min',
        description: 'A review you will actually do after every round.',
        textContent: [
          '**Line 1: What went well?** Be specific: "committed to every tee shot on the back nine".',
          '**Line 2: What did I learn?** One lesson, not a list.',
          '**Line 3: What will I practise?** One drill for the coming week.',
          '',
          'Keep it short and kind. The review is for learning, not for punishment.',
        ].join('\n'),
      }),
      video({
        order: 2,
        title: 'Journaling Your Way to Confidence',
        duration: '8 min',
        description: 'How a written record of good shots feeds your belief.',
        videoType: 'youtube',
        videoUrl: 'https://www.youtube.com/watch?v=FmJournal01',
      }),
      audio({
        order: 3,
        title: 'Evening Reflection',
        duration: '3 min',
        description: 'Replay your best shot of the day before you write.',
        audioUrl: '/media/clubs/pitching-wedge.mp3',
      }),
    ],
  },
  {
    order: 11,
    slug: 'mindset-foundations',
    name: 'Mindset Foundations',
    description: 'The psychology behind confidence, composure and concentration.',
    items: [
      video({
        order: 1,
        title: 'The Three Cs of the Mental Game',
        duration: '14 min',
        description: 'Confidence, composure and concentration, and how they connect.',
        videoType: 'vimeo',
        videoUrl: 'https://vimeo.com/824331101',
      }),
      text({
        order: 2,
        title: 'Finding Your Best Zone',
        duration: '4 min',
        description: 'Too flat or too fired up: performance peaks in between.',
        textContent: [
          'Performance rises with arousal up to a point, then falls: the **inverted-U**.',
          'Notice where you play your best: calm and loose, or slightly buzzing? **That is your zone.**',
          'Use breathing to come down and brisk walking or music to come up.',
          'Background reading: https://en.wikipedia.org/wiki/Yerkes%E2%80%93Dodson_law',
        ].join('\n'),
      }),
      text({
        order: 3,
        title: 'What Flow Feels Like',
        duration: '3 min',
        description: 'Recognising the state where golf feels easy.',
        textContent: [
          'Flow is complete absorption in the task: time changes, the target looks big and the swing feels automatic.',
          'You cannot force flow, but you can **set the conditions**: clear goals, a routine, and a challenge that matches your skill.',
          'Read more: https://en.wikipedia.org/wiki/Flow_(psychology)',
        ].join('\n'),
      }),
    ],
  },
  {
    order: 12,
    slug: 'tournament-play',
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
  },
];
