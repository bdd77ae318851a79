import { Box, Button, Typography } from '@mui/material';
import { Link } from 'react-router-dom';

export function NotFound() {
  return (
    <Box sx={{ m: 4, textAlign: 'center' }} data-testid="not-found">
      <Typography variant="h4" gutterBottom>Page not found</Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>Either you typed a wrong address, or you followed a bad link.</Typography>
      <Button variant="contained" component={Link} to="/">Go home</Button>
    </Box>
  );
}
