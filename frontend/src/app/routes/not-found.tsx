import { Link as RouterLink, useLocation } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { PageTitle } from '@/components/ui/page-title';
import { paths } from '@/config/paths';

/** Any path the public layout does not know (SPEC §2). */
export default function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 10, md: 14 }, textAlign: 'center' }}>
      <PageTitle title="Page not found" />
      <Typography variant="overline" color="secondary.dark" component="p">
        Out of bounds
      </Typography>
      <Typography variant="h1" sx={{ fontSize: 'clamp(2rem, 4vw, 2.8rem)', mb: 2 }}>
        404 Page Not Found
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        We couldn&apos;t find{' '}
        <Box component="code" sx={{ px: 0.75, py: 0.25, bgcolor: 'rgba(23,63,47,0.07)', borderRadius: 1 }}>
          {pathname}
        </Box>
        .
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 4 }}>
        Developer hint: did you forget to add the page to the router? Public routes live in{' '}
        <code>src/app/router.tsx</code>, member routes in <code>src/app/routes/member/member-routes.tsx</code>.
      </Typography>
      <Button component={RouterLink} to={paths.home.getHref()} variant="contained" size="large">
        Back to home
      </Button>
    </Container>
  );
}
