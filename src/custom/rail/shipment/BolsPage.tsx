/**
 * `rail/bols/` (docs/rail.md §11.10): every bill of lading of the company, the shared table of
 * shipments that have a BOL number (a filter the user cannot remove), with a filter bar of ship
 * date, status, consignee and origin. Selected rows are printed (`bols.zip`), combined into one
 * PDF, or mailed (recipients asked); more than ten are a server job whose progress shows above the
 * table. Rows open the shipment.
 */
import { useState } from 'react';
import { Button, Typography } from '@mui/material';
import PrintIcon from '@mui/icons-material/Print';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import EmailIcon from '@mui/icons-material/Email';
import { Title, useDataProvider, useNotify } from 'react-admin';
import type { AppDataProvider } from '../../../dataProvider/createDataProvider';
import { useBusyAction } from '../../../hooks/useBusyAction';
import { useProfile } from '../../../hooks/useProfile';
import { mayCallAction } from '../../../authProvider/permissions';
import { railShipment } from '../../../resources/rail/rail-shipment';
import { ResourceTable } from '../../../table/ResourceTable';
import { JobProgress } from '../../../generic/JobProgress';
import { useFollowJob } from '../../../hooks/useFollowJob';
import { RecipientsDialog } from '../../../generic/RecipientsDialog';
import { BOL_REGISTER_COLUMNS, BOL_REGISTER_COMPACT } from './bol-register';

const FILTER_BAR = ['ship_date', 'status', 'consignee', 'origin'] as const;
const BOLS: readonly [string, string] = ['bill of lading', 'bills of lading'];

export default function BolsPage() {
  const dp = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const { permissions: profile } = useProfile();
  const { busy, run } = useBusyAction();
  const [selected, setSelected] = useState<(string | number)[]>([]);
  const [mailing, setMailing] = useState(false);
  const { progress, finish } = useFollowJob();
  const n = selected.length;
  const mayEmail = mayCallAction(profile, railShipment, railShipment.actions.email_multiple);

  const print = (combine: boolean) => run(async () => {
    await finish(await dp.callAction(railShipment.name, { action: 'print_multiple', body: { shipment_ids: selected, ...(combine ? { combine: true } : {}) } }), 'Printing');
  });
  const email = (to: string[]) => run(async () => {
    setMailing(false);
    await finish(await dp.callAction(railShipment.name, { action: 'email_multiple', body: { shipment_ids: selected, recipients: to } }), 'Emailing');
    notify(`Bills of lading sent to ${to.join(', ')}`, { type: 'success' });
  });

  const toolbar = n > 0 ? (
    <>
      <Typography variant="body2" sx={{ mr: 1 }} data-testid="selected-count">{n} selected</Typography>
      <Button size="small" startIcon={<PrintIcon />} disabled={busy} aria-label={n === 1 ? 'Print' : 'Print selected'} onClick={() => void print(false)}>Print</Button>
      {n > 1 && <Button size="small" startIcon={<PictureAsPdfIcon />} disabled={busy} aria-label="One PDF of the selected bills of lading" onClick={() => void print(true)}>One PDF</Button>}
      {mayEmail && <Button size="small" startIcon={<EmailIcon />} disabled={busy} aria-label="Email selected" onClick={() => setMailing(true)}>Email</Button>}
    </>
  ) : null;

  return (
    <>
      <Title title="Bills of lading" />
      <JobProgress progress={progress} noun={BOLS} />
      <ResourceTable
        resource={railShipment.name}
        table="rail-bols"
        title="Bills of lading"
        columns={BOL_REGISTER_COLUMNS}
        compactColumns={BOL_REGISTER_COMPACT}
        permanentFilter={{ bol_number__isnull: 'false' }}
        filterBar={FILTER_BAR}
        onSelectionChange={setSelected}
        opensRecords
        toolbar={toolbar}
      />
      <RecipientsDialog open={mailing} title={`Email ${n} bill${n === 1 ? '' : 's'} of lading`} busy={busy}
        help="Email addresses of the company's contacts, separated by commas." onCancel={() => setMailing(false)} onSend={(to) => void email(to)} />
    </>
  );
}
