import clubsData from '@/config/clubs.json';

export type ClubCategory = 'woods' | 'hybrids' | 'irons' | 'wedges' | 'putter';

export type Club = {
  id: string;
  name: string;
  abbreviation: string;
  category: ClubCategory;
  /** Second-person visualization guide read aloud in the club's audio file. */
  guide: string;
};

export const CLUBS: readonly Club[] = clubsData as Club[];

export const CLUB_CATEGORIES: readonly { id: ClubCategory; label: string }[] = [
  { id: 'woods', label: 'Woods' },
  { id: 'hybrids', label: 'Hybrids' },
  { id: 'irons', label: 'Irons' },
  { id: 'wedges', label: 'Wedges' },
  { id: 'putter', label: 'Putter' },
];

const byId = new Map(CLUBS.map((club) => [club.id, club]));

export function getClub(id: string | null | undefined): Club | undefined {
  return id ? byId.get(id) : undefined;
}

/** Static audio served by the gateway, generated from the guide text (docs/API.md "Static media"). */
export function clubAudioUrl(id: string): string {
  return `/media/clubs/${id}.mp3`;
}
