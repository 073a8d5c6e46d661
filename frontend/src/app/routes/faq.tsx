import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';

export default function FAQPage() {
  return (
    <Container sx={{ py: 8 }}>
      <Typography variant="h1">FAQ</Typography>
    </Container>
  );
}
