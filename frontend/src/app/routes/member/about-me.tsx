import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import SportsGolfRounded from '@mui/icons-material/SportsGolfRounded';
import { useSiteConfig } from '@/lib/site-config';
import { ABOUT_ME } from '@/features/member/member-content';
import { useMemberPage } from '@/features/member/api/get-member-page';
import { ContentSkeleton, PremiumContent } from '@/features/member/components/premium-content';
import { useWithAppNames, withoutCoachTitle } from '@/features/member/lib/app-names';
import { MemberPageHeader } from '@/app/routes/member/member-page-header';

const grid = {
  display: 'grid',
  gap: 3,
  gridTemplateColumns: { xs: '1fr', md: '1fr 2fr' },
  alignItems: 'start',
} as const;

/** /member/about-me: the founder's biography (Premium, from the content service). */
export default function AboutMePage() {
  const page = useMemberPage('about-me');
  const site = useSiteConfig();
  const withAppNames = useWithAppNames();
  const initials = withoutCoachTitle(site?.founderName ?? '')
    .split(' ')
    .map((p) => p[0])
    .join('');
  return (
    <>
      <MemberPageHeader title={ABOUT_ME.title} overline={site && ABOUT_ME.role(site.productName)} />
      <PremiumContent
        result={page}
        skeleton={
          <Box sx={grid}>
            <ContentSkeleton height={320} />
            <ContentSkeleton height={480} />
          </Box>
        }
      >
        {({ paragraphs, highlights }) => (
          <Box sx={grid}>
            <Card sx={{ borderRadius: 3 }}>
              <CardContent sx={{ p: 3, textAlign: 'center' }}>
                <Avatar
                  sx={{
                    width: 112,
                    height: 112,
                    mx: 'auto',
                    mb: 2,
                    fontSize: '2.4rem',
                    fontWeight: 700,
                    bgcolor: 'primary.main',
                    color: 'secondary.light',
                  }}
                >
                  {initials}
                </Avatar>
                <Typography variant="h4" component="h2">
                  {site?.founderName}
                </Typography>
                <List dense sx={{ mt: 2, textAlign: 'left' }}>
                  {highlights.map((highlight) => (
                    <ListItem key={highlight} disableGutters sx={{ alignItems: 'flex-start' }}>
                      <ListItemIcon sx={{ minWidth: 32, mt: 0.5 }}>
                        <SportsGolfRounded fontSize="small" color="secondary" />
                      </ListItemIcon>
                      <ListItemText primary={withAppNames(highlight)} />
                    </ListItem>
                  ))}
                </List>
              </CardContent>
            </Card>
            <Card sx={{ borderRadius: 3 }}>
              <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
                <Stack spacing={2}>
                  {paragraphs.map((paragraph) => (
                    <Typography key={paragraph}>{withAppNames(paragraph)}</Typography>
                  ))}
                </Stack>
              </CardContent>
            </Card>
          </Box>
        )}
      </PremiumContent>
    </>
  );
}
