import { GUIDED_VISUALIZATIONS, guidedAudioUrl } from './guided-visualizations';

const words = (text: string) => text.trim().split(/\s+/).length;

describe('guided visualizations (served to Premium members and spoken by the media generator)', () => {
  it('when listed, then the four of SPEC §2 in order, each with a safe file name and a 120-200 word script', () => {
    expect(GUIDED_VISUALIZATIONS.map((g) => [g.id, g.title])).toEqual([
      ['three-foot-pressure-putt', 'Three Foot Pressure Putt'],
      ['chip-under-pressure', 'Chip Under Pressure'],
      ['perfect-drive', 'Perfect Drive'],
      ['bunker-shot', 'Bunker Shot'],
    ]);
    for (const item of GUIDED_VISUALIZATIONS) {
      expect(item.id).toMatch(/^[a-z0-9][a-z0-9-]*$/);
      expect(item.description.length).toBeGreaterThan(0);
      expect(words(item.guide)).toBeGreaterThanOrEqual(120);
      expect(words(item.guide)).toBeLessThanOrEqual(200);
    }
  });

  it('when its audio is addressed, then under /media/guided/ by id (where the gateway asks for Premium)', () => {
    expect(guidedAudioUrl('perfect-drive')).toBe('/media/guided/perfect-drive.mp3');
  });
});
