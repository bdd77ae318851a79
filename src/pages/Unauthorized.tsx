import { Alert, Box } from '@mui/material';
import { Title } from 'react-admin';
import { NO_ACCESS_MESSAGE } from '../i18n/messages';

export default function Unauthorized() {
  return (
    <Box sx={{ m: 2 }}>
      <Title title="No access" />
      <Alert severity="warning" data-testid="no-access">{NO_ACCESS_MESSAGE}</Alert>
    </Box>
  );
}
