/** The customs routes pages link to (docs/invoicing.md, Customs screens). */
import { recordPathOf } from '../../generic/home-paths';
import { ROUTES } from '../../routes/table';
import { CUSTOMS } from '../../resources/invoice/customs-invoice';

export const customsPath = (id: unknown) => recordPathOf(CUSTOMS, String(id))!;
export const CUSTOMS_CARS_PATH = `/${ROUTES.customsCars.path}`;
export const CUSTOMS_INVOICES_PATH = `/${ROUTES.customsInvoices.path}`;
