import { readFileSync } from 'node:fs';
import path from 'node:path';
import { CLUB_IDS, DEFAULT_BAG, MAX_BAG_CLUBS } from './courses';

describe('the clubs the bag is checked against', () => {
  it("when the courses service checks a bag, then its club ids are the player's 21 clubs in the same order", () => {
    const clubsJson = path.resolve(__dirname, '../../../frontend/src/config/clubs.json');
    const clubs = JSON.parse(readFileSync(clubsJson, 'utf8')) as { id: string }[];
    expect(clubs.map((club) => club.id)).toEqual([...CLUB_IDS]);
  });

  it('when a member never chose a bag, then the default holds 14 known clubs in SPEC order', () => {
    expect(DEFAULT_BAG).toHaveLength(MAX_BAG_CLUBS);
    expect(CLUB_IDS.filter((id) => DEFAULT_BAG.includes(id))).toEqual([...DEFAULT_BAG]);
  });
});
