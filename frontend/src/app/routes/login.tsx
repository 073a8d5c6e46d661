import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';

export default function LoginPage() {
  return (
    <Container sx={{ py: 8 }}>
      <Typography variant="h1">Login</Typography>
    </Container>
  );
}
