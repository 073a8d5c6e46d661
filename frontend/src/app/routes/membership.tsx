import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';

export default function MembershipPage() {
  return (
    <Container sx={{ py: 8 }}>
      <Typography variant="h1">Membership</Typography>
    </Container>
  );
}
