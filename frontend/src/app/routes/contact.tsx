import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';

export default function ContactPage() {
  return (
    <Container sx={{ py: 8 }}>
      <Typography variant="h1">Contact</Typography>
    </Container>
  );
}
