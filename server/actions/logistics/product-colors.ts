/** `product/product_colors/`: `{product id: colour}` for colouring products on schedules and maps; the product's behaviour entry. */
import type { ActionHandler } from '../../engine/action-handler';
import { defineBehaviour } from '../../engine/behaviour';
import { find } from '../../engine/operations';
import { product } from '../../../src/resources/logistics/product';
import { productHooks } from './product-rules';

const productColors: ActionHandler = async ({ db, ctx, resource }) => {
  const { rows } = await find(db, ctx, resource, { page_size: '0' });
  return Object.fromEntries(rows.map((r) => [String(r.id), r.color ?? '#1f77b4']));
};

export const productBehaviour = defineBehaviour(product, { hooks: productHooks, actions: { product_colors: productColors } });
