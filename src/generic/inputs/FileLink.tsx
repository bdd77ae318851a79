/** An uploaded file by name, with Open: the download goes through the data provider so it carries the token. */
import { Button, Typography } from '@mui/material';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useNotify } from 'react-admin';
import type { AppDataProvider } from '../../dataProvider';

export function FileLink({ id, name }: { id: string; name?: string | null }) {
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const { data } = useQuery({ queryKey: ['file', id], queryFn: () => dataProvider.fileInfo(id), enabled: !name, staleTime: Infinity, retry: false });
  return (
    <>
      <Typography variant="body2">{name ?? data?.name ?? 'File attached'}</Typography>
      <Button size="small" startIcon={<OpenInNewIcon />} onClick={() => dataProvider.openFile(id).catch((e: Error) => notify(e.message, { type: 'error' }))}>
        Open
      </Button>
    </>
  );
}
