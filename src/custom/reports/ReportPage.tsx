/**
 * `company/reports/{reportId}/` and `company/reports/new/` (docs/reports.md, Screens): the report
 * builder. Pick a source, its columns (its own and its references' records'), filters, groups
 * and totals; the sample below follows every change. Save keeps it; Download gives the whole of
 * it as XLSX or CSV (a long one as a job with progress); Schedule mailing sends it on the
 * company's clock. Whoever may read reports but not change them reads and downloads it.
 */
import { useEffect, useMemo, useState } from 'react';
import { Alert, Box, Button, ButtonGroup, Paper, Stack, TextField, Typography } from '@mui/material';
import SaveIcon from '@mui/icons-material/Save';
import DownloadIcon from '@mui/icons-material/Download';
import { Title, useCanAccess, useDataProvider, useGetOne, useNotify } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import type { PageProps } from '../../routes/define-route';
import type { AppDataProvider } from '../../dataProvider/createDataProvider';
import { NotFound } from '../../layout/NotFound';
import { report } from '../../resources/reports/report';
import { MAX_COLUMNS, MAX_GROUPS, MAX_TOTALS, type FileFormat } from '../../resources/reports/report-terms';
import { useDebounced } from '../../generic/inputs/useChoices';
import { useBusyAction } from '../../hooks/useBusyAction';
import { useFollowJob } from '../../hooks/useFollowJob';
import { JobProgress } from '../../generic/JobProgress';
import { httpStatus } from '../../generic/submit-errors';
import { recordPathOf } from '../../generic/home-paths';
import { errorToasts } from '../../notify/error-toasts';
import { reportApi } from './report-api';
import { EMPTY, type Definition, columnOptions, definitionOf, filledFilters, groupOptions, totalOptions } from './definition';
import { OptionsPicker } from './OptionsPicker';
import { FiltersEditor } from './FiltersEditor';
import { ReportSample } from './ReportSample';
import { MailingPanel } from './MailingPanel';
import { SourcePicker } from './SourcePicker';

export default function ReportPage({ params }: PageProps) {
  const id = params.reportId === undefined ? undefined : Number(params.reportId);
  const dp = useDataProvider<AppDataProvider>();
  const api = useMemo(() => reportApi(dp), [dp]);
  const navigate = useNavigate();
  const notify = useNotify();
  const { busy, run } = useBusyAction();
  const { progress, finish } = useFollowJob();
  const { data: record, error: readError, refetch } = useGetOne(report.name, { id: id! }, { enabled: id !== undefined, retry: false });
  const { canAccess: canEdit } = useCanAccess({ resource: report.name, action: id === undefined ? 'create' : 'edit' });
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [def, setDef] = useState<Definition>(EMPTY);
  const [saveErrors, setSaveErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    if (!record) return;
    setName(String(record.name ?? ''));
    setDescription(String(record.description ?? ''));
    setDef(definitionOf(record));
  }, [record]);

  const { data: sources = [] } = useQuery({ queryKey: ['report-sources'], queryFn: api.sources });
  const { data: source } = useQuery({ queryKey: ['report-source', def.source], queryFn: () => api.source(def.source), enabled: !!def.source });
  const columns = useMemo(() => source?.columns ?? [], [source]);
  const draft = useDebounced(def, 400);
  const sampled = useQuery({ queryKey: ['report-sample', draft], queryFn: () => api.sample(draft), enabled: !!draft.source, retry: false, placeholderData: (prev) => prev });
  const sampleError = sampled.error ? errorToasts(sampled.error).join(' ') : undefined;

  if (id !== undefined && readError && httpStatus(readError) === 404) return <NotFound />;
  const change = (part: Partial<Definition>) => setDef((d) => ({ ...d, ...part }));
  const dirty = !record || name !== record.name || description !== String(record.description ?? '') || JSON.stringify(def) !== JSON.stringify(definitionOf(record));

  const save = () => void run(async () => {
    setSaveErrors({});
    const data = { name, description: description || null, ...def, filters: filledFilters(def.filters), ordering: def.ordering || null };
    try {
      if (id === undefined) {
        const { data: made } = await dp.create(report.name, { data });
        notify('Report saved', { type: 'success' });
        navigate(recordPathOf(report.name, made.id)!);
      } else {
        await dp.update(report.name, { id, data: { ...data, version: record!.version }, previousData: record! });
        await refetch();
        notify('Report saved', { type: 'success' });
      }
    } catch (e) {
      const body = (e as { body?: Record<string, unknown> }).body;
      if (httpStatus(e) === 400 && body) setSaveErrors(Object.fromEntries(Object.entries(body).filter(([k]) => k !== 'errors').map(([k, v]) => [k, errorToasts({ body: v }).join(' ') || String(v)])));
      else throw e;
    }
  });
  const download = (format: FileFormat) => void run(async () => {
    await finish(await api.download(id!, format), 'Writing');
  });

  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, maxWidth: 1600 }}>
      <Title title={id === undefined ? 'New report' : String(record?.name ?? 'Report')} />
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1} sx={{ mb: 2, alignItems: { md: 'center' }, justifyContent: 'space-between' }}>
        <Typography variant="body2" color="text.secondary">{def.source ? `Reads ${sources.find((x) => x.source === def.source)?.label ?? def.source}` : 'A report reads one source and the records it references.'}</Typography>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {canEdit && <Button variant="contained" startIcon={<SaveIcon />} disabled={busy || !dirty || !name.trim() || !def.source} onClick={save}>Save</Button>}
          {id !== undefined && (
            <ButtonGroup variant="outlined" disabled={busy || dirty} aria-label="Download">
              <Button startIcon={<DownloadIcon />} onClick={() => download('xlsx')}>XLSX</Button>
              <Button onClick={() => download('csv')}>CSV</Button>
            </ButtonGroup>
          )}
        </Stack>
      </Stack>
      {id !== undefined && dirty && record && <Alert severity="info" sx={{ mb: 2 }}>Save the report to download or mail it as it now reads.</Alert>}
      <JobProgress progress={progress} noun={['line', 'lines']} />
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Stack spacing={2}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField label="Name" required value={name} onChange={(e) => setName(e.target.value)} disabled={!canEdit} sx={{ flex: 1 }} error={!!saveErrors.name} helperText={saveErrors.name} slotProps={{ htmlInput: { maxLength: 120 } }} />
            <SourcePicker sources={sources} value={def.source} disabled={!canEdit} error={saveErrors.source}
              onChange={(s) => setDef({ ...EMPTY, source: s })} />
          </Stack>
          <TextField label="Description" value={description} onChange={(e) => setDescription(e.target.value)} disabled={!canEdit} multiline minRows={1} />
          {def.source && (
            <>
              <OptionsPicker label="Columns" options={columnOptions(columns)} value={def.columns} max={MAX_COLUMNS} disabled={!canEdit || def.group_by.length > 0}
                onChange={(v) => change({ columns: v })}
                help={saveErrors.columns ?? (def.group_by.length ? 'A grouped report shows its groups, their count and totals.' : 'In the order chosen; left empty, the source\'s list columns.')} />
              <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
                <Box sx={{ flex: 1 }}><OptionsPicker label="Group by" options={groupOptions(columns)} value={def.group_by} max={MAX_GROUPS} disabled={!canEdit} onChange={(v) => change({ group_by: v })} help={saveErrors.group_by} /></Box>
                <Box sx={{ flex: 1 }}><OptionsPicker label="Totals" options={totalOptions(columns)} value={def.totals} max={MAX_TOTALS} disabled={!canEdit} onChange={(v) => change({ totals: v })} help={saveErrors.totals} /></Box>
              </Stack>
              <Box>
                <Typography variant="subtitle2" component="h2" sx={{ mb: 1 }}>Filters</Typography>
                {saveErrors.filters && <Alert severity="error" sx={{ mb: 1 }}>{saveErrors.filters}</Alert>}
                <FiltersEditor api={api} source={def.source} columns={columns} filters={def.filters} onChange={(f) => change({ filters: f })} />
              </Box>
            </>
          )}
        </Stack>
      </Paper>
      {def.source ? (
        <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
          <Typography variant="subtitle1" component="h2" sx={{ mb: 1 }}>Sample</Typography>
          <ReportSample sample={sampled.data} error={sampleError} loading={sampled.isFetching} />
        </Paper>
      ) : (
        <Alert severity="info">Choose the records to report on: the source lists what you may read.</Alert>
      )}
      {id !== undefined && record && (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography variant="subtitle1" component="h2" sx={{ mb: 1 }}>Mailing</Typography>
          <MailingPanel api={api} reportId={id} canChange={!!canEdit} onScheduled={() => void refetch()} />
        </Paper>
      )}
    </Box>
  );
}
