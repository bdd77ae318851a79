/**
 * Printing and mailing the selected tickets (docs/terminal.md, Screens; docs/partners.md, Partner
 * tickets): Print (a zip of PDFs), One PDF (the tickets one after another) and Email (a dialog for
 * the recipients), through whichever resource the screen reads tickets by (the terminal's own
 * tickets, or those shared with a partner). Many tickets are a server job: its progress shows where
 * the screen puts `progress`, and a print's file downloads when it is done.
 */
import { useState } from 'react';
import { Button } from '@mui/material';
import PrintIcon from '@mui/icons-material/Print';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import EmailIcon from '@mui/icons-material/Email';
import { type Identifier, useDataProvider, useNotify } from 'react-admin';
import type { AppDataProvider } from '../../../dataProvider';
import { JobProgress } from '../../../generic/JobProgress';
import { useFollowJob } from '../../../hooks/useFollowJob';
import { useBusyAction } from '../../../hooks/useBusyAction';
import { RecipientsDialog } from '../../../generic/RecipientsDialog';
import { ticketApi } from './ticket-api';

export function useTicketPrinting(resource: string, selected: Identifier[], mayEmail: boolean) {
  const api = ticketApi(useDataProvider<AppDataProvider>(), resource);
  const notify = useNotify();
  const { busy, run } = useBusyAction();
  const { progress, finish } = useFollowJob();
  const [emailing, setEmailing] = useState(false);
  const n = selected.length;
  const print = (combine: boolean) => void run(async () => { await finish(await api.printMultiple(selected, { combine }), 'Printing'); });
  // Short texts beside "n selected"; the accessible names say what they act on.
  const buttons = n > 0 ? (
    <>
      <Button size="small" startIcon={<PrintIcon />} disabled={busy} aria-label={n === 1 ? 'Print' : 'Print selected'} onClick={() => print(false)}>Print</Button>
      {n > 1 && (
        <Button size="small" startIcon={<PictureAsPdfIcon />} disabled={busy} aria-label="One PDF of the selected tickets" onClick={() => print(true)}>One PDF</Button>
      )}
      {mayEmail && <Button size="small" startIcon={<EmailIcon />} disabled={busy} aria-label="Email selected" onClick={() => setEmailing(true)}>Email</Button>}
    </>
  ) : null;
  const dialog = (
    <RecipientsDialog open={emailing} title={`Email ${n} ticket${n === 1 ? '' : 's'}`} help="Email addresses, separated by commas." busy={busy}
      onCancel={() => setEmailing(false)} onSend={(to) => void run(async () => {
        const answer = api.emailMultiple(selected, to);
        setEmailing(false);
        await finish(await answer, 'Emailing');
        notify(`Tickets sent to ${to.join(', ')}`, { type: 'success' });
      })} />
  );
  return { buttons, dialog, progress: <JobProgress progress={progress} />, api };
}
