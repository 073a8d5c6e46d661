import { dailyDrills } from './member-sections/daily-drills';
import { visualizations } from './member-sections/visualizations';
import { teeTime } from './member-sections/tee-time';
import { onTheRange } from './member-sections/on-the-range';
import { swingTraining } from './member-sections/swing-training';
import { sosDrills } from './member-sections/sos-drills';
import { preRoundPreparation } from './member-sections/pre-round-preparation';
import { puttingMindset } from './member-sections/putting-mindset';
import { courseManagement } from './member-sections/course-management';
import { journaling } from './member-sections/journaling';
import { mindsetFoundations } from './member-sections/mindset-foundations';
import { tournamentPlay } from './member-sections/tournament-play';
import type { SectionDefinition } from './member-sections/section-items';

/**
 * The 12 Premium programme sections and their content. Text items use newlines, **bold** and
 * http(s) links (the section pages render those). Audio points at the gateway's generated
 * media (/media/guided/<id>.mp3, /media/clubs/<clubId>.mp3). Slug and item title are the keys.
 * One section per file in `member-sections/`; this list is their order.
 */
export const SECTIONS: readonly SectionDefinition[] = [
  dailyDrills,
  visualizations,
  teeTime,
  onTheRange,
  swingTraining,
  sosDrills,
  preRoundPreparation,
  puttingMindset,
  courseManagement,
  journaling,
  mindsetFoundations,
  tournamentPlay,
];
