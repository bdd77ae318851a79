/** New contract (with `add_contract`): the declaration's form in a dialog; saving opens the new contract (docs/rail.md §11.2). */
import { useState } from 'react';
import AddIcon from '@mui/icons-material/Add';
import { useCanAccess } from 'react-admin';
import { TableButton } from '../../../table/TableButton';
import { contract } from '../../../resources/rail/contract';
import { ContractFormDialog } from './ContractFormDialog';

export function NewContractButton({ type }: { type?: string }) {
  const [open, setOpen] = useState(false);
  const { canAccess } = useCanAccess({ resource: contract.name, action: 'create' });
  if (!canAccess) return null;
  return (
    <>
      <TableButton label="New contract" icon={<AddIcon />} tooltip="Add a contract" onClick={() => setOpen(true)} variant="contained" />
      {open && <ContractFormDialog defaults={type ? { contract_type: type } : {}} onClose={() => setOpen(false)} />}
    </>
  );
}
