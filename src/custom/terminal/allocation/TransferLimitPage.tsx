/**
 * `allocation/{allocationId}/transferlimit/create/` and `.../{entityId}/`: a transfer limit in the
 * generic form, started with its allocation, and back to the allocation after a save.
 */
import type { PageProps } from '../../../routes/define-route';
import { ROUTES } from '../../../routes/table';
import { buildPath } from '../../../routes/params';
import { TB_TRANSFER_LIMIT } from '../../../resources/terminal/allocation';
import { TerminalRecord } from '../TerminalRecord';

export default function TransferLimitPage({ route, params }: PageProps) {
  const allocationId = Number(params.allocationId);
  const back = buildPath(ROUTES.tbV2Allocation.path, { entityId: allocationId });
  if (route.path === ROUTES.tbV2TransferLimitCreate.path) return <TerminalRecord resource={TB_TRANSFER_LIMIT} back={back} defaults={{ allocation: allocationId }} />;
  return <TerminalRecord resource={TB_TRANSFER_LIMIT} id={String(params.entityId)} back={back} />;
}
