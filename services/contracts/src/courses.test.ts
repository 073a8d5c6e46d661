import { CLUB_IDS, CLUBS, DEFAULT_BAG, MAX_BAG_CLUBS } from './clubs';
import { bagSchema } from './courses';

describe('the clubs (one list for the player, the bag check and the audio)', () => {
  it('when the clubs are listed, then they are the 21 of SPEC §3, each once, with a name and a guide', () => {
    expect(CLUBS).toHaveLength(21);
    expect(new Set(CLUB_IDS).size).toBe(21);
    expect(CLUB_IDS[0]).toBe('driver');
    expect(CLUB_IDS[20]).toBe('putter');
    for (const club of CLUBS) expect(club.name && club.guide).toBeTruthy();
  });

  it('when a member never chose a bag, then the default holds 14 known clubs in SPEC order and is a valid bag', () => {
    expect(DEFAULT_BAG).toHaveLength(MAX_BAG_CLUBS);
    expect(CLUB_IDS.filter((id) => DEFAULT_BAG.includes(id))).toEqual([...DEFAULT_BAG]);
    expect(bagSchema.parse({ clubIds: [...DEFAULT_BAG] }).clubIds).toEqual([...DEFAULT_BAG]);
    expect(bagSchema.safeParse({ clubIds: ['spoon'] }).success).toBe(false);
  });
});
