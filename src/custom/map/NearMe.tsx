/** "Near me": the map to the device's position, when the browser gives it (./geolocation.ts). */
import { useState } from 'react';
import { Button } from '@mui/material';
import MyLocationIcon from '@mui/icons-material/MyLocation';
import { currentPosition, type Position } from './geolocation';

export function NearMe({ onFound }: { onFound: (p: Position) => void }) {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      size="small"
      variant="contained"
      color="inherit"
      startIcon={<MyLocationIcon />}
      disabled={busy}
      onClick={async () => {
        setBusy(true);
        const p = await currentPosition();
        setBusy(false);
        if (p) onFound(p);
      }}
      sx={{ bgcolor: 'background.paper' }}
    >
      Near me
    </Button>
  );
}
