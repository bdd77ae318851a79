/** The invoicing routes pages link to (docs/invoicing.md, Screens). */
import { recordPathOf } from '../../generic/home-paths';
import { ROUTES } from '../../routes/table';

export const invoicePath = (id: unknown) => recordPathOf('invoice', String(id))!;
export const INVOICE_CARS_PATH = `/${ROUTES.invoiceCars.path}`;
