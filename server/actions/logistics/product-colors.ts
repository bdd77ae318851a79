/** `product/product_colors/`: `{product id: colour}` for colouring products on schedules and maps. */
import type { ActionHandler } from '../registry';
import { find } from '../../engine/operations';

export const productColors: ActionHandler = async ({ db, ctx, resource }) => {
  const { rows } = await find(db, ctx, resource, { page_size: '0' });
  return Object.fromEntries(rows.map((r) => [String(r.id), r.color ?? '#1f77b4']));
};
