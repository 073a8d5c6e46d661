import type { CatalogueAddition } from '@fm/contracts';
import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useGetCatalogueThisMonthQuery } from '@/features/admin/api/catalogue-this-month';
import { formatPublished } from '@/lib/published';

const KIND_LABEL: Record<CatalogueAddition['kind'], string> = {
  lesson: 'Lesson',
  lecture: 'Lecture',
  item: 'Section item',
};

/** "November 2026" from "2026-11". */
function monthName(month: string): string {
  return new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-GB', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/**
 * The console's front page shows the "new content every month" promise
 * (GET /api/admin/catalogue/this-month): what was added this month, and from the 20th of a month
 * with nothing added, the server's warning.
 */
export function MonthlyContentCard() {
  const { data, isError } = useGetCatalogueThisMonthQuery(undefined, { refetchOnMountOrArgChange: 60 });
  return (
    <Card component="section" aria-labelledby="monthly-content-heading" variant="outlined" sx={{ borderRadius: 2 }}>
      <CardContent>
        <Typography id="monthly-content-heading" variant="h6" component="h2" sx={{ mb: 1.5 }}>
          New content{data ? `, ${monthName(data.month)}` : ' this month'}
        </Typography>
        {isError && <Typography color="error">This month&apos;s additions could not be loaded.</Typography>}
        {data?.warning && (
          <Alert severity="warning" sx={{ mb: 1.5 }}>
            {data.warning}
          </Alert>
        )}
        {data &&
          (data.added.length === 0 ? (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              Nothing added this month yet. Add a lesson or a section item under Content.
            </Typography>
          ) : (
            <>
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {data.added.length === 1 ? '1 item' : `${data.added.length} items`} added this month:
              </Typography>
              <List dense disablePadding>
                {data.added.map((item) => (
                  <ListItem key={`${item.kind}-${item.id}`} disableGutters>
                    <ListItemText
                      primary={item.title}
                      secondary={`${KIND_LABEL[item.kind]}${item.sectionSlug ? ` in ${item.sectionSlug}` : ''} · ${formatPublished(item.publishedAt)}`}
                    />
                  </ListItem>
                ))}
              </List>
            </>
          ))}
      </CardContent>
    </Card>
  );
}
