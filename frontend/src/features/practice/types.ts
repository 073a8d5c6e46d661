/**
 * The practice service's shapes (docs/API.md "practice", @fm/contracts practice.ts), as the
 * frontend uses them.
 */
import type { HeartbeatRequest, PracticeItemKind } from '@fm/contracts';

export type {
  ItemProgress,
  PracticeItemKind,
  PracticeSettings,
  PracticeStats,
  ResumeItem,
  TodayItem,
  TodayPlan,
} from '@fm/contracts';

/** The item a player reports on: a lesson, a lecture or a member section item (`content`). */
export type PracticeItemRef = { itemId: string; itemKind: PracticeItemKind };

/** POST /api/practice/heartbeats (the frontend always numbers its beats). */
export type Heartbeat = HeartbeatRequest & { seq: number };

/** PATCH /api/practice/settings. */
export type PracticeSettingsPatch = {
  timeZone?: string;
  reminder?: { enabled: boolean; time: string };
};
