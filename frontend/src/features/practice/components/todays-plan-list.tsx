import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import RadioButtonUncheckedRounded from '@mui/icons-material/RadioButtonUncheckedRounded';
import { VisuallyHidden } from '@/components/ui/visually-hidden';
import { practiceItemHref } from '@/features/practice/lib/item-links';
import type { TodayItem, TodayPlan } from '@/features/practice/types';

const KIND_LABEL: Record<TodayItem['contentType'], string> = { audio: 'Audio', video: 'Video', text: 'Read' };

/**
 * The body of Today's 10 (GET /api/practice/today), wherever it is shown (member home's card, a
 * Free member's practice card): the minutes done of 10, and the plan's parts, each ticked (icon
 * and words) once done and linked to the page that opens it.
 */
export function TodaysPlanList({
  plan,
  sectionSlug,
}: {
  plan: TodayPlan;
  sectionSlug: (sectionId: string) => string | undefined;
}) {
  const minutesDone = Math.floor(plan.minutesDone);
  const goal = plan.goalMinutes;
  return (
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
  );
}
