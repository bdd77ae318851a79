/** The site a terminal dashboard shows (every site when none is chosen, where the figure allows it). */
import { MenuItem, TextField } from '@mui/material';
import { useGetList } from 'react-admin';
import { SITE } from '../../../resources/terminal/common';

export function SitePicker({ value, onChange, allowAll = true }: { value: string; onChange(site: string): void; allowAll?: boolean }) {
  const { data = [] } = useGetList(SITE, { pagination: { page: 1, perPage: 100 }, sort: { field: 'name', order: 'ASC' } });
  return (
    <TextField fullWidth={false} select size="small" label="Site" value={value} onChange={(e) => onChange(e.target.value)} sx={{ minWidth: 200 }}>
      {allowAll && <MenuItem value="">Every site</MenuItem>}
      {data.map((s) => <MenuItem key={s.id} value={String(s.id)}>{String(s.name)}</MenuItem>)}
    </TextField>
  );
}
