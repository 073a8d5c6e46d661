import { describe, expect, it } from 'vitest';
import { FaqAccordion } from '@/features/member/components/faq-accordion';
import { MEMBER_FAQ } from '@/features/member/member-content';
import { renderWithProviders, screen } from '@/testing/test-utils';

describe('member FAQ', () => {
  it('has six questions and keeps only one open at a time', async () => {
    const { user } = renderWithProviders(<FaqAccordion entries={MEMBER_FAQ} />);
    const questions = screen.getAllByRole('button');
    expect(questions).toHaveLength(6);
    expect(questions.every((q) => q.getAttribute('aria-expanded') === 'false')).toBe(true);

    await user.click(questions[0]!);
    expect(questions[0]).toHaveAttribute('aria-expanded', 'true');
    await user.click(questions[2]!);
    expect(questions[2]).toHaveAttribute('aria-expanded', 'true');
    expect(questions[0]).toHaveAttribute('aria-expanded', 'false');
    await user.click(questions[2]!);
    expect(questions.every((q) => q.getAttribute('aria-expanded') === 'false')).toBe(true);
  });
});
