/** The centred card every auth page sits in. */
import type { ReactNode } from 'react';
import { Box, Card, CardContent, Typography } from '@mui/material';
import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import { BUILD_LABEL } from '../../lib/app-version';

export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', bgcolor: 'background.default', p: 2 }}>
      <Card sx={{ width: '100%', maxWidth: 400 }} elevation={3}>
        <CardContent sx={{ p: 4 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1, color: 'primary.main' }}>
            <LocalShippingIcon />
            <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>Bulk Logistics</Typography>
          </Box>
          <Typography variant="h5" component="h1" gutterBottom>{title}</Typography>
          {children}
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 3, textAlign: 'right' }}>{BUILD_LABEL}</Typography>
        </CardContent>
      </Card>
    </Box>
  );
}
