import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_BAG } from '@fm/contracts/clubs';
import { ClubPicker } from '@/features/courses/components/club-picker';
import { toggleClub } from '@/features/courses/components/bag-editor';
import { renderWithProviders, screen, within } from '@/testing/test-utils';

describe('the club picker with the member’s bag', () => {
  it('when the member has a bag, then its clubs show in SPEC order and "Other clubs" is one tap away', async () => {
    const onSelect = vi.fn();
    const { user } = renderWithProviders(<ClubPicker selectedClubId={null} onSelect={onSelect} bagIds={DEFAULT_BAG} />);
    const picker = screen.getByRole('group', { name: 'Choose a club' });
    const names = () =>
      within(picker)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label') ?? b.textContent);
    expect(names()).toEqual([
      'DR Driver',
      '3W 3 Wood',
      '5W 5 Wood',
      'HY Hybrid',
      '5i 5 Iron',
      '6i 6 Iron',
      '7i 7 Iron',
      '8i 8 Iron',
      '9i 9 Iron',
      'PW Pitching Wedge',
      'GW Gap Wedge',
      'SW Sand Wedge',
      'LW Lob Wedge',
      'PT Putter',
      'Other clubs (7)',
    ]);
    const others = screen.getByRole('button', { name: 'Other clubs (7)' });
    expect(others).toHaveAttribute('aria-expanded', 'false');
    await user.click(others);
    expect(others).toHaveAttribute('aria-expanded', 'true');
    await user.click(screen.getByRole('button', { name: 'MD Mini Driver' }));
    expect(onSelect).toHaveBeenCalledWith('mini-driver');
  });

  it('when the bag editor toggles clubs, then the bag stays in SPEC order', () => {
    expect(toggleClub(['putter', 'driver'], '7-iron')).toEqual(['driver', '7-iron', 'putter']);
    expect(toggleClub(['driver', '7-iron'], 'driver')).toEqual(['7-iron']);
  });
});
