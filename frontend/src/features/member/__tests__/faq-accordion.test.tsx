import { describe, expect, it } from 'vitest';
import { FaqAccordion } from '@/features/member/components/faq-accordion';
import { renderWithProviders, screen } from '@/testing/test-utils';

const entries = Array.from({ length: 6 }, (_, i) => ({ question: `Question ${i + 1}?`, answer: `Answer ${i + 1}.` }));

describe('member FAQ', () => {
  it('has six questions and keeps only one open at a time', async () => {
    const { user } = renderWithProviders(<FaqAccordion entries={entries} />);
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
