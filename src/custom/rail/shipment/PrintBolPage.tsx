/**
 * `print/bol/{shipmentId}/` (01 §7: a bill of lading PDF opens in a new tab from here; docs/rail.md
 * §10.3): the shipment's current document, or with `?archive=` one archived copy, alone in its tab.
 * The PDF is asked for with the session's token (a tab's own request for a PDF would carry none),
 * then shown full-window under a thin bar with its file name, Download and the way back to the
 * shipment. A phone's browser shows no PDF inside a page, so there the bar's Open hands the
 * document to the phone's own viewer. A refusal (a cancelled shipment has no bill of lading, another
 * company's shipment does not exist) is said in words, with the way back.
 */
import { useEffect, useMemo } from 'react';
import { Alert, AppBar, Box, Button, CircularProgress, Stack, Toolbar, Typography, useMediaQuery, useTheme } from '@mui/material';
import { useDataProvider } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import type { PageProps } from '../../../routes/define-route';
import type { AppDataProvider, FileAnswer } from '../../../dataProvider/createDataProvider';
import { plainMessage } from '../../../notify/error-toasts';
import { recordPathOf } from '../../../generic/home-paths';
import { railShipment } from '../../../resources/rail/rail-shipment';

/** The query a print tab passes on to the server: an archived copy by its id, or a template version for a draft. */
function printCall(id: number, search: URLSearchParams) {
  const archive = search.get('archive');
  if (archive) return { action: 'bol_archive', method: 'GET', query: { bolArchiveId: archive }, file: 'blob' as const };
  const version = search.get('version');
  return { id, action: 'print', method: 'GET', query: version ? { version } : undefined, file: 'blob' as const };
}

export default function PrintBolPage({ params }: PageProps) {
  const id = Number(params.shipmentId);
  const [search] = useSearchParams();
  const dp = useDataProvider<AppDataProvider>();
  const narrow = useMediaQuery(useTheme().breakpoints.down('sm'));
  const { data, error, isPending } = useQuery({
    queryKey: ['print-bol', id, search.toString()],
    queryFn: async () => (await dp.callAction(railShipment.name, printCall(id, search))) as FileAnswer,
    retry: false,
    staleTime: Infinity,
  });
  const url = useMemo(() => (data ? URL.createObjectURL(data.blob) : null), [data]);
  useEffect(() => () => { if (url) URL.revokeObjectURL(url); }, [url]);
  useEffect(() => { document.title = data ? data.fileName : 'Bill of lading'; }, [data]);
  const back = recordPathOf(railShipment.name, String(id))!;

  return (
    <Box sx={{ position: 'fixed', inset: 0, display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <AppBar position="static" color="default" elevation={1}>
        <Toolbar variant="dense" sx={{ gap: 1 }}>
          <Typography component="h1" variant="subtitle1" noWrap sx={{ flex: 1, minWidth: 0 }}>{data?.fileName ?? 'Bill of lading'}</Typography>
          {url && data && (
            <Stack direction="row" spacing={1}>
              {narrow && <Button variant="contained" size="small" href={url} target="_self">Open</Button>}
              <Button size="small" href={url} download={data.fileName}>Download</Button>
            </Stack>
          )}
          <Button size="small" component={RouterLink} to={back}>Shipment</Button>
        </Toolbar>
      </AppBar>
      {isPending ? (
        <Stack role="status" spacing={2} sx={{ flex: 1, alignItems: 'center', justifyContent: 'center' }}>
          <CircularProgress />
          <Typography color="text.secondary">Preparing the bill of lading…</Typography>
        </Stack>
      ) : error ? (
        <Box sx={{ p: 2 }}>
          <Alert severity="error">{plainMessage(error, 'The bill of lading could not be opened.')}</Alert>
        </Box>
      ) : narrow ? (
        <Stack spacing={2} sx={{ p: 2 }}>
          <Typography>The bill of lading is ready. Open shows it in your phone&apos;s PDF viewer; Download keeps a copy.</Typography>
        </Stack>
      ) : (
        <Box component="iframe" title={data!.fileName} src={url!} sx={{ flex: 1, border: 0, width: '100%' }} />
      )}
    </Box>
  );
}
