/** Full-page message when the account cannot be loaded (docs/shell.md, Guards), with a way out. */
import { Box, Button, Paper, Typography } from '@mui/material';
import { useLogout } from 'react-admin';
import { ACCOUNT_ERROR_FALLBACK } from '../i18n/messages';
import { accountErrorText } from '../notify/error-toasts';

export function AccountError({ error }: { error: unknown }) {
  const logout = useLogout();
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', bgcolor: 'background.default' }}>
      <Paper sx={{ p: 4, maxWidth: 480, textAlign: 'center' }} data-testid="account-error">
        <Typography variant="h6" component="h1" gutterBottom>{accountErrorText(error, ACCOUNT_ERROR_FALLBACK)}</Typography>
        <Button variant="contained" onClick={() => logout()}>Logout</Button>
      </Paper>
    </Box>
  );
}
