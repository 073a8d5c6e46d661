import clubList from './clubs.json';

/**
 * The clubs, defined once (no zod here: the SPA imports this module at run time as
 * `@fm/contracts/clubs`, in the member area's chunks only). `clubs.json` holds the 21 clubs in
 * SPEC §3's order (woods, hybrid, irons, wedges, putter), the order every bag and picker shows
 * them in, with their names and the guide the club's audio reads (infra/media/generate.js).
 */
export type ClubCategory = 'woods' | 'hybrids' | 'irons' | 'wedges' | 'putter';

export interface Club {
  id: string;
  name: string;
  abbreviation: string;
  category: ClubCategory;
  /** Second-person visualization guide read aloud in the club's audio file. */
  guide: string;
}

export const CLUBS: readonly Club[] = clubList as Club[];

/** The club ids in SPEC order. */
export const CLUB_IDS: readonly [string, ...string[]] = CLUBS.map((club) => club.id) as [string, ...string[]];
export type ClubId = string;

/** A golfer carries at most 14 clubs (Rules of Golf 4.1b). */
export const MAX_BAG_CLUBS = 14;

/** The bag of a member who never chose one: driver, 3- and 5-wood, hybrid, 5- to 9-iron, four wedges, putter. */
export const DEFAULT_BAG: readonly ClubId[] = [
  'driver',
  '3-wood',
  '5-wood',
  'hybrid',
  '5-iron',
  '6-iron',
  '7-iron',
  '8-iron',
  '9-iron',
  'pitching-wedge',
  'gap-wedge',
  'sand-wedge',
  'lob-wedge',
  'putter',
];
