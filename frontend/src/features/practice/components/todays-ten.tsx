import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useGetPracticeTodayQuery } from '@/features/practice/api/practice-api';
import { TodaysPlanList } from '@/features/practice/components/todays-plan-list';

/**
 * Today's 10 (GET /api/practice/today): about ten minutes of the member's unfinished items, the
 * same all day on every device; each part ticks (icon and words) once done; minutes done of 10.
 */
export function TodaysTen({ sectionSlug }: { sectionSlug: (sectionId: string) => string | undefined }) {
  const { data: plan, isLoading, isError } = useGetPracticeTodayQuery();
  // The reminder mail links to /member/home#today: once the plan is on the page, bring it into view.
  const { hash } = useLocation();
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    if (hash === '#today' && plan) ref.current?.scrollIntoView?.({ block: 'start' });
  }, [hash, plan]);
  return (
    <Card
      ref={ref}
      component="section"
      id="today"
      aria-labelledby="todays-ten-heading"
      sx={{ borderRadius: 3, scrollMarginTop: 80 }}
    >
      <CardContent sx={{ p: { xs: 2.5, sm: 3.5 } }}>
        <Typography id="todays-ten-heading" variant="h4" component="h2">
          Today&apos;s 10
        </Typography>
        {isLoading && <Skeleton variant="rounded" height={120} sx={{ mt: 2 }} aria-hidden="true" />}
        {isError && (
          <Typography sx={{ color: 'text.secondary', mt: 1 }}>
            Today&apos;s plan could not be loaded. Please try again later.
          </Typography>
        )}
        {plan && <TodaysPlanList plan={plan} sectionSlug={sectionSlug} />}
      </CardContent>
    </Card>
  );
}
