/**
 * The booking page's frame: the product's name across the top and one column of content, roomy at a
 * desk and edge to edge on a phone. The page has no session, so no menu or account bar.
 */
import type { ReactNode } from 'react';
import { Box, Container, Typography } from '@mui/material';
import LocalShippingIcon from '@mui/icons-material/LocalShipping';

export function LinkPageFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <Box component="header" sx={{ bgcolor: 'background.paper', borderBottom: 1, borderColor: 'divider' }}>
        <Container maxWidth="lg" sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 1.5, color: 'primary.main' }}>
          <LocalShippingIcon />
          <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>Bulk Logistics</Typography>
        </Container>
      </Box>
      <Container component="main" maxWidth="lg" sx={{ py: { xs: 2, sm: 3 }, px: { xs: 1.5, sm: 3 } }}>
        <Typography variant="h4" component="h1" sx={{ fontSize: { xs: '1.5rem', sm: '2rem' }, mb: 2 }}>{title}</Typography>
        {children}
      </Container>
    </Box>
  );
}
