/** The product a car being loaded carries: its own when chosen, else its shipment's (as the server fills it). */
import { useGetOne } from 'react-admin';
import { useEffect } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { product } from '../../../resources/logistics/product';
import { railShipment } from '../../../resources/rail/rail-shipment';

export function useCarProduct() {
  const own = useWatch({ name: 'product' }) as number | null | undefined;
  const shipmentId = useWatch({ name: 'rail_shipment' }) as number | null | undefined;
  const { data: shipment } = useGetOne(railShipment.name, { id: shipmentId ?? 0 }, { enabled: !own && !!shipmentId });
  const id = own ?? (shipment?.product as number | null | undefined);
  const { data } = useGetOne(product.name, { id: id ?? 0 }, { enabled: !!id });
  return data as { id: number; name: string; density: string | null; commodity_group: string | null; class: string | null } | undefined;
}

/** A car whose density is still the default 1 takes its product's relative density (docs/rail.md §4.4: prefilled from the product). */
export function useProductDensityFill(p: ReturnType<typeof useCarProduct>) {
  const { getValues, setValue } = useFormContext();
  useEffect(() => {
    const now = getValues('density');
    if (p?.density && (now === undefined || now === null || now === '' || Number(now) === 1)) setValue('density', String(p.density), { shouldDirty: true });
  }, [p?.id, p?.density]); // eslint-disable-line react-hooks/exhaustive-deps
}
