import type { ContactLevel, ContactPromiseLevel } from '@fm/contracts';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useGetContactPromiseQuery } from '@/features/admin/api/get-contact-promise';
import { formatShare, LEVEL_LABEL } from '@/features/admin/support-promise';

function Figure({ level, figure }: { level: ContactLevel; figure: ContactPromiseLevel }) {
  return (
    <Stack spacing={0.25} sx={{ minWidth: 150 }}>
      <Typography variant="h4" component="p">
        {formatShare(figure.share)}
      </Typography>
      <Typography variant="body2">
        {LEVEL_LABEL[level]} answered within {figure.hours} h
      </Typography>
      <Typography variant="caption" sx={{ color: 'text.secondary' }}>
        {figure.onTime} of {figure.counted}
        {figure.pending ? ` · ${figure.pending} still open, not yet due` : ''}
      </Typography>
    </Stack>
  );
}

/** The support promise as a figure (GET /api/admin/contact-messages/promise): share answered in time, last 30 days. */
export function PromiseCard() {
  const { data, isError } = useGetContactPromiseQuery();
  return (
    <Card component="section" aria-labelledby="promise-heading" variant="outlined" sx={{ borderRadius: 2 }}>
      <CardContent>
        <Typography id="promise-heading" variant="h6" component="h2" sx={{ mb: 1.5 }}>
          Our support promise{data ? `, last ${data.days} days` : ''}
        </Typography>
        {isError && <Typography color="error">The figure could not be loaded.</Typography>}
        {data && (
          <Stack direction="row" spacing={4} useFlexGap sx={{ flexWrap: 'wrap', rowGap: 2 }}>
            <Figure level="premium" figure={data.premium} />
            <Figure level="free" figure={data.free} />
            <Figure level="visitor" figure={data.visitor} />
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
