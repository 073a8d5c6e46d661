import Stack from '@mui/material/Stack';
import { ContinueCard } from '@/features/practice/components/continue-card';
import { PracticeStatsCard } from '@/features/practice/components/practice-stats';
import { TodaysTen } from '@/features/practice/components/todays-ten';
import { useDetectTimeZone } from '@/features/practice/lib/use-detect-time-zone';

/**
 * Member home's practice sections: continue where you left off, Today's 10, the streak, total
 * minutes and the calendar. `sectionSlug` maps a section id to its page's slug (undefined: no page).
 */
export function PracticeHome({ sectionSlug }: { sectionSlug: (sectionId: string) => string | undefined }) {
  useDetectTimeZone();
  return (
    <Stack spacing={3}>
      <ContinueCard sectionSlug={sectionSlug} />
      <TodaysTen sectionSlug={sectionSlug} />
      <PracticeStatsCard />
    </Stack>
  );
}
