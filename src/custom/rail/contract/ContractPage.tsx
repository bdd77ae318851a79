/**
 * `contract/{contractId}/` (docs/rail.md §11.3): one contract's header and its buttons. The tabs
 * (Schedule, Shipments, Cars, History) arrive with the schedules, shipments and history (slices 3,
 * 4 and 6). At 1,400 px the header runs in columns beside the buttons; at 390 px it stacks and
 * the buttons fold into one Actions menu.
 */
import { Alert, Box, CircularProgress } from '@mui/material';
import { Title, useGetOne } from 'react-admin';
import type { PageProps } from '../../../routes/define-route';
import { NotFound } from '../../../layout/NotFound';
import { contract } from '../../../resources/rail/contract';
import { httpStatus } from '../../../generic/submit-errors';
import { ContractHeader } from './ContractHeader';
import { ContractActions } from './ContractActions';

export default function ContractPage({ params }: PageProps) {
  const id = Number(params.contractId);
  const { data, isPending, error, refetch } = useGetOne(contract.name, { id }, { retry: false });
  if (isPending) return <Box sx={{ p: 4, textAlign: 'center' }}><CircularProgress size={28} /></Box>;
  if (httpStatus(error) === 404) return <NotFound />;
  if (error || !data) return <Alert severity="error" sx={{ m: 2 }}>{error?.message ?? 'The contract could not be read.'}</Alert>;
  return (
    <Box sx={{ p: { xs: 0, sm: 1 } }}>
      <Title title={`Contract ${contract.choiceLabel(data)}`} />
      <ContractHeader c={data} actions={<ContractActions c={data} onChanged={() => void refetch()} />} />
    </Box>
  );
}
