import { UpgradeCall } from '@/features/billing/components/upgrade-call';
import { PracticeCard } from '@/features/practice/components/practice-card';
import { PracticeHome } from '@/features/practice/components/practice-home';
import { useSectionSlug } from '@/app/routes/member/practice-links';

/** Member home's practice part (continue, Today's 10, streak and calendar). */
export function MemberPractice() {
  return <PracticeHome sectionSlug={useSectionSlug()} />;
}

/**
 * A Free member's practice card (issue 47 §7): member home is Premium, so the account page's top
 * and the lectures page show Today's 10, the streak and continue where you left off, with the one
 * upgrade call (UpgradeCall says what it is).
 */
export function FreeMemberPractice() {
  return <PracticeCard sectionSlug={useSectionSlug()} action={<UpgradeCall />} />;
}
