import guided from './guided-visualizations.json';

/**
 * One of the four Premium guided visualizations (/guided-visualizations): `guide` is the
 * script the audio speaks. The texts live in guided-visualizations.json, which the media
 * generator (infra/media/generate.js) also reads to make `/media/guided/<id>.mp3`: edit a
 * text there and the next launch re-records it. `id` is the audio file's name (a-z, 0-9, -).
 */
export interface GuidedVisualization {
  id: string;
  title: string;
  description: string;
  guide: string;
}

export const GUIDED_VISUALIZATIONS: readonly GuidedVisualization[] = guided;

/** Where the gateway serves a guided visualization's audio (Premium members only). */
export function guidedAudioUrl(id: string): string {
  return `/media/guided/${id}.mp3`;
}
