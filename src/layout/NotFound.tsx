import { Box, Button, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import { Title } from 'react-admin';

export function NotFound() {
  return (
    <Box sx={{ m: 4, textAlign: 'center' }} data-testid="not-found">
      <Title title="Page not found" />
      <Typography variant="h4" component="h2" gutterBottom>Page not found</Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>Either you typed a wrong address, or you followed a bad link.</Typography>
      <Button variant="contained" component={Link} to="/">Go home</Button>
    </Box>
  );
}
