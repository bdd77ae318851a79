/**
 * Sending customs invoices to the broker and the broker CSV (docs/invoicing.md, Sending to the
 * broker), shared by the list and the invoice page: `send/` through its declared input (To, left
 * empty: each invoice's broker; a message), `generate_csv/` as a download.
 */
import { Button } from '@mui/material';
import { type Identifier, useDataProvider, useNotify } from 'react-admin';
import { useQueryClient } from '@tanstack/react-query';
import { ActionDialog } from '../../generic/ActionDialog';
import { trackInFlight, useInFlight } from '../../generic/useInFlight';
import { useNotifyError } from '../../hooks/useNotifyError';
import { useProfile } from '../../hooks/useProfile';
import { mayCallAction } from '../../authProvider/permissions';
import { customsInvoice } from '../../resources/invoice/customs-invoice';
import type { AppDataProvider } from '../../dataProvider/createDataProvider';

export function useCustomsRights() {
  const { permissions } = useProfile();
  return {
    maySend: mayCallAction(permissions, customsInvoice, customsInvoice.actions.send),
    mayMake: mayCallAction(permissions, customsInvoice, customsInvoice.actions.create_invoice),
  };
}

const plural = (n: number) => `${n} customs invoice${n === 1 ? '' : 's'}`;

export function SendDialog({ invoices, onClose, onDone }: { invoices: readonly Identifier[]; onClose(): void; onDone(): void }) {
  const queryClient = useQueryClient();
  const notify = useNotify();
  return (
    <ActionDialog resource={customsInvoice} action="send" title={`Send ${plural(invoices.length)} to the broker`} submitLabel="Send"
      only={['to', 'message']} defaults={{ invoices }} onClose={onClose}
      onDone={(answer) => {
        const a = answer as { sent: number; invoices: number };
        notify(`Sent ${plural(a.invoices)} in ${a.sent} mail${a.sent === 1 ? '' : 's'}, with the PDFs and the CSV`, { type: 'success' });
        void queryClient.invalidateQueries({ queryKey: [customsInvoice.name] });
        onDone();
      }} />
  );
}

export function BrokerCsvButton({ invoices, variant = 'outlined' }: { invoices: readonly Identifier[]; variant?: 'outlined' | 'text' }) {
  const dp = useDataProvider<AppDataProvider>();
  const notifyError = useNotifyError();
  const { inFlight } = useInFlight();
  const download = () => trackInFlight(async () => {
    try {
      await dp.callAction(customsInvoice.name, { action: 'generate_csv', body: { invoices } });
    } catch (e) {
      notifyError(e);
    }
  });
  return <Button size="small" variant={variant} disabled={inFlight} onClick={() => void download()}>Broker CSV</Button>;
}
