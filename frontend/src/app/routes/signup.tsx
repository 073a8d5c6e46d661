import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';

export default function SignupPage() {
  return (
    <Container sx={{ py: 8 }}>
      <Typography variant="h1">Signup</Typography>
    </Container>
  );
}
