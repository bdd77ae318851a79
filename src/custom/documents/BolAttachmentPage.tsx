/**
 * `company/documents/billoflading/detail/attachment/?id=` (docs/documents.md, Screens): one file of
 * a bill of lading document as it was uploaded, asked for with the session's token and shown in
 * the page (a PDF in a frame, an image as itself; a phone opens a PDF in its own viewer), with
 * Download, the text read from it, and the way back to its document.
 */
import { useEffect, useMemo } from 'react';
import { Alert, Box, Button, CircularProgress, Paper, Stack, Typography, useMediaQuery, useTheme } from '@mui/material';
import { Title, useDataProvider, useGetOne } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import type { AppDataProvider } from '../../dataProvider/createDataProvider';
import { httpStatus } from '../../generic/submit-errors';
import { NotFound } from '../../layout/NotFound';
import { billOfLadingAttachment } from '../../resources/documents/bill-of-lading-attachment';
import { bolDetailPath } from './bol-paths';

export default function BolAttachmentPage() {
  const [search] = useSearchParams();
  const id = Number(search.get('id'));
  const dp = useDataProvider<AppDataProvider>();
  const narrow = useMediaQuery(useTheme().breakpoints.down('sm'));
  const { data, error, isPending } = useGetOne(billOfLadingAttachment.name, { id }, { retry: false, enabled: Number.isInteger(id) && id > 0 });
  const file = useQuery({
    queryKey: ['bol-file', data?.file],
    enabled: Boolean(data?.file),
    queryFn: () => dp.fileBlob(String(data!.file)),
    staleTime: Infinity,
  });
  const url = useMemo(() => (file.data ? URL.createObjectURL(file.data.blob) : null), [file.data]);
  useEffect(() => () => { if (url) URL.revokeObjectURL(url); }, [url]);
  if (!Number.isInteger(id) || id <= 0 || httpStatus(error) === 404) return <NotFound />;
  if (isPending) return <Box sx={{ p: 4, textAlign: 'center' }}><CircularProgress size={28} /></Box>;
  if (error) return <Alert severity="error">{error.message}</Alert>;
  const pdf = data.content_type === 'application/pdf';
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Title title={String(data.file_name)} />
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1, mb: 2 }}>
        <Typography variant="h6" component="h2" sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>{String(data.file_name)}</Typography>
        {url && <Button size="small" href={url} download={String(data.file_name)}>Download</Button>}
        {url && narrow && pdf && <Button size="small" variant="contained" href={url} target="_self">Open</Button>}
        <Button size="small" component={RouterLink} to={bolDetailPath(data.bill_of_lading as number)}>Its document</Button>
      </Stack>
      {data.error && <Alert severity="error" sx={{ mb: 2 }}>{String(data.error)}</Alert>}
      {file.isPending ? <CircularProgress size={24} /> : file.error ? <Alert severity="error">The file could not be opened: {file.error.message}</Alert> : pdf ? (
        narrow ? null : <Box component="iframe" title={String(data.file_name)} src={url!} sx={{ width: '100%', height: 'calc(100vh - 220px)', minHeight: 400, border: 1, borderColor: 'divider' }} />
      ) : (
        <Box component="img" src={url!} alt={String(data.file_name)} sx={{ maxWidth: '100%', border: 1, borderColor: 'divider' }} />
      )}
      {data.text && (
        <Paper variant="outlined" sx={{ p: 2, mt: 2 }}>
          <Typography variant="subtitle1" component="h3" gutterBottom>Text read from it</Typography>
          <Box component="pre" sx={{ m: 0, whiteSpace: 'pre-wrap', fontSize: 12, maxHeight: 320, overflow: 'auto' }}>{String(data.text)}</Box>
        </Paper>
      )}
    </Box>
  );
}
