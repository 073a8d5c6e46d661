import { useEffect, useRef } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import RadioButtonUncheckedRounded from '@mui/icons-material/RadioButtonUncheckedRounded';
import { VisuallyHidden } from '@/components/ui/visually-hidden';
import { useGetPracticeTodayQuery } from '@/features/practice/api/practice-api';
import { practiceItemHref } from '@/features/practice/lib/item-links';
import type { TodayItem } from '@/features/practice/types';

const KIND_LABEL: Record<TodayItem['contentType'], string> = { audio: 'Audio', video: 'Video', text: 'Read' };

/**
 * Today's 10 (GET /api/practice/today): about ten minutes of the member's unfinished items, the
 * same all day on every device; each part ticks (icon and words) once done; minutes done of 10.
 */
export function TodaysTen({ sectionSlug }: { sectionSlug: (sectionId: string) => string | undefined }) {
  const { data: plan, isLoading, isError } = useGetPracticeTodayQuery();
  const minutesDone = Math.floor(plan?.minutesDone ?? 0);
  const goal = plan?.goalMinutes ?? 10;
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
        {plan && (
          <>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mt: 1.5 }}>
              <Typography sx={{ fontWeight: 600, whiteSpace: 'nowrap' }} data-testid="today-minutes">
                {Math.min(minutesDone, 999)} of {goal} minutes today
              </Typography>
              <LinearProgress
                variant="determinate"
                value={Math.min(100, (minutesDone / goal) * 100)}
                aria-label="Today's minutes"
                sx={{ flex: 1, height: 8, borderRadius: 4 }}
              />
            </Box>
            {minutesDone >= goal && (
              <Typography sx={{ mt: 1, color: 'success.dark', fontWeight: 600 }}>
                Today counts for your streak. Well done!
              </Typography>
            )}
            {plan.items.length === 0 ? (
              <Typography sx={{ color: 'text.secondary', mt: 2 }}>
                You have finished everything you can open. Replay a favourite to keep your streak going.
              </Typography>
            ) : (
              <List aria-label="Today's plan" sx={{ mt: 1 }}>
                {plan.items.map((item) => {
                  const href = practiceItemHref(item, sectionSlug);
                  return (
                    <ListItem key={`${item.itemKind}:${item.itemId}`} disableGutters>
                      <ListItemIcon sx={{ minWidth: 36 }}>
                        {item.done ? (
                          <CheckCircleRounded color="success" aria-hidden="true" />
                        ) : (
                          <RadioButtonUncheckedRounded sx={{ color: 'text.secondary' }} aria-hidden="true" />
                        )}
                      </ListItemIcon>
                      <ListItemText
                        primary={
                          <>
                            {href === '/member/home' ? (
                              item.title
                            ) : (
                              <Link component={RouterLink} to={href}>
                                {item.title}
                              </Link>
                            )}
                            {item.done ? (
                              <Typography component="span" sx={{ ml: 1, color: 'success.dark', fontWeight: 600 }}>
                                Done
                              </Typography>
                            ) : (
                              <VisuallyHidden> (not done yet)</VisuallyHidden>
                            )}
                          </>
                        }
                        secondary={`${KIND_LABEL[item.contentType]} · ${Math.max(1, Math.round(item.minutes))} min`}
                      />
                    </ListItem>
                  );
                })}
              </List>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
