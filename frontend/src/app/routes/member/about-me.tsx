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
import { FOUNDER_BIO } from '@/features/member/member-content';
import { MemberPageHeader } from '@/app/routes/member/member-page-header';

/** /member/about-me: the founder's biography. */
export default function AboutMePage() {
  const initials = FOUNDER_BIO.name
    .replace(/^Coach\s+/, '')
    .split(' ')
    .map((p) => p[0])
    .join('');
  return (
    <>
      <MemberPageHeader title="About Me" overline={FOUNDER_BIO.role} />
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 2fr' }, alignItems: 'start' }}>
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
              {FOUNDER_BIO.name}
            </Typography>
            <List dense sx={{ mt: 2, textAlign: 'left' }}>
              {FOUNDER_BIO.highlights.map((highlight) => (
                <ListItem key={highlight} disableGutters sx={{ alignItems: 'flex-start' }}>
                  <ListItemIcon sx={{ minWidth: 32, mt: 0.5 }}>
                    <SportsGolfRounded fontSize="small" color="secondary" />
                  </ListItemIcon>
                  <ListItemText primary={highlight} />
                </ListItem>
              ))}
            </List>
          </CardContent>
        </Card>
        <Card sx={{ borderRadius: 3 }}>
          <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
            <Stack spacing={2}>
              {FOUNDER_BIO.paragraphs.map((paragraph) => (
                <Typography key={paragraph}>{paragraph}</Typography>
              ))}
            </Stack>
          </CardContent>
        </Card>
      </Box>
    </>
  );
}
