/**
 * The product card (docs/terminal.md, Product identifiers): STCC, Harmonized Code, UN/NA, Class, Packing Group and CAS of a
 * terminal product, plus its proper shipping name. Shown on the product page and ticket headers.
 */
import { Card, CardContent, Skeleton, Stack, Typography } from '@mui/material';
import { type RaRecord, useGetOne, useRecordContext } from 'react-admin';
import { TB_PRODUCT } from '../../../resources/terminal/common';

export const PRODUCT_CARD_FIELDS: [string, string][] = [
  ['stcc', 'STCC'], ['harmonized_system_tariff_number', 'Harmonized Code'], ['unCode', 'UN/NA'],
  ['hazard_class', 'Class'], ['packingGroup', 'Packing Group'], ['chemical_abstracts_service_number', 'CAS'],
];

export function ProductCard({ product, loading = false, hidden = false }: { product?: RaRecord | null; loading?: boolean; hidden?: boolean }) {
  return (
    <Card variant="outlined" sx={{ minWidth: 260 }} data-testid="product-card">
      <CardContent sx={{ '&:last-child': { pb: 2 } }}>
        <Typography variant="overline" color="text.secondary">Product</Typography>
        <Typography variant="subtitle1" sx={{ fontWeight: 600, lineHeight: 1.3 }}>
          {loading ? <Skeleton width={160} /> : hidden ? 'Not visible to you' : product ? `${String(product.product_name ?? '')}${product.product_code ? ` (${String(product.product_code)})` : ''}` : '—'}
        </Typography>
        {product?.shipping_name ? <Typography variant="body2" color="text.secondary">{String(product.shipping_name)}</Typography> : null}
        <Stack component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.25, m: 0, mt: 1 }}>
          {PRODUCT_CARD_FIELDS.map(([name, label]) => (
            <Typography key={name} component="div" variant="body2" sx={{ display: 'contents' }}>
              <Typography component="dt" variant="body2" color="text.secondary">{label}</Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0, fontFamily: 'ui-monospace, Menlo, Consolas, monospace' }} data-testid={`product-card-${name}`}>
                {product?.[name] ? String(product[name]) : '—'}
              </Typography>
            </Typography>
          ))}
        </Stack>
      </CardContent>
    </Card>
  );
}

/** The card of the product record on the page (product detail). */
export function ProductCardOfRecord() {
  const record = useRecordContext();
  return <ProductCard product={record} loading={!record} />;
}

/** The card of a product by id (ticket header). */
export function ProductCardById({ id }: { id?: string | null }) {
  const { data, isPending, error } = useGetOne(TB_PRODUCT, { id: id ?? '' }, { enabled: !!id, retry: false });
  return <ProductCard product={id ? data : null} loading={!!id && isPending && !error} hidden={!!error} />;
}
