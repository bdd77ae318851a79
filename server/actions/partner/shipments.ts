/**
 * Partner shipments (docs/partners.md, Partner shipments): `{id}/print/` answers the bill of
 * lading in force, as archived when it was issued: the latest issued or corrected copy (also while
 * the shipper corrects it, until the corrected copy is issued), or the void copy. The partner never
 * reads a draft: what it prints is what the railroad has.
 */
import { partnerRailShipment } from '../../../src/resources/partner/rail-shipment';
import type { ActionHandler } from '../../engine/action-handler';
import { download } from '../../engine/action-reply';
import { defineBehaviour } from '../../engine/behaviour';
import { badRequest } from '../../engine/errors';
import { archivedPdf, bolFileName, latestArchive } from '../rail/bol-print';

const printIssued: ActionHandler = async ({ db, record }) => {
  const row = record!;
  const a = await latestArchive(db, row.id as number, row.status === 'void' ? ['void'] : ['issued', 'corrected']);
  if (!a) throw badRequest({ status: ['This shipment has no issued bill of lading.'] });
  const name = bolFileName(a);
  return download(name, 'application/pdf', await archivedPdf(db, a), { 'content-disposition': `inline; filename="${name}"` });
};

export const partnerShipmentBehaviour = defineBehaviour(partnerRailShipment, { actions: { print: printIssued } });
