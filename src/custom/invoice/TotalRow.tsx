/** One figure of an invoice's or a customs invoice's totals: its label and its amount to the cent, the total in bold. */
import { Stack, Typography } from '@mui/material';
import { formatDecimal } from '../../lib/format';

export function TotalRow({ label, value, strong = false, empty = '0.00' }: { label: string; value: unknown; strong?: boolean; empty?: string }) {
  const variant = strong ? 'subtitle1' : 'body2';
  const weight = strong ? 700 : 400;
  return (
    <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 2 }}>
      <Typography variant={variant} sx={{ fontWeight: weight }}>{label}</Typography>
      <Typography variant={variant} sx={{ fontWeight: weight, fontVariantNumeric: 'tabular-nums' }}>{value === null || value === undefined ? empty : formatDecimal(value, 2)}</Typography>
    </Stack>
  );
}
