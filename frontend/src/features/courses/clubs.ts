import { CLUBS, type Club, type ClubCategory } from '@fm/contracts/clubs';

// The clubs are defined once, with the API contracts (services/contracts/src/clubs.json).
export { CLUBS, type Club, type ClubCategory };

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
