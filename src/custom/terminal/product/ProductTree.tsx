/** Products grouped by product type (MUI X tree view); a product opens its page. */
import type { ReactNode } from 'react';
import { Box, Paper, Stack, TextField, Typography } from '@mui/material';
import { SimpleTreeView } from '@mui/x-tree-view/SimpleTreeView';
import { TreeItem } from '@mui/x-tree-view/TreeItem';
import { useState } from 'react';
import { Title, useGetList } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { TB_PRODUCT } from '../../../resources/terminal/common';
import { PRODUCT_TYPES } from '../../../resources/terminal/terminal-product';
import { StatusChip } from '../../../generic/StatusChip';
import { screenOfResource, terminalRecordPath } from '../../../routes/terminal-screens';
import { groupProducts } from './product-tree';

export function ProductTree({ toggle }: { toggle?: ReactNode }) {
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const { data = [], isPending } = useGetList(TB_PRODUCT, {
    pagination: { page: 1, perPage: 1000 }, sort: { field: 'product_name', order: 'ASC' },
    filter: search.trim() ? { q: search.trim() } : {}, meta: { fields: ['product_name', 'product_code', 'productType', 'status', 'unCode'] },
  });
  const groups = groupProducts(data, PRODUCT_TYPES);
  const screen = screenOfResource(TB_PRODUCT)!;
  return (
    <Paper variant="outlined">
      <Title title="Products" />
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', px: 1, py: 0.5 }}>
        <Typography variant="h6" component="h2" sx={{ mr: 1 }}>Products</Typography>
        <TextField size="small" label="Search" value={search} onChange={(e) => setSearch(e.target.value)} sx={{ width: 240 }} />
        <Box sx={{ flex: 1 }} />
        {toggle}
      </Stack>
      <Box sx={{ p: 1, minHeight: 300 }}>
        {!isPending && !groups.length && <Typography color="text.secondary" sx={{ p: 2 }}>No products.</Typography>}
        <SimpleTreeView
          aria-label="Products by type"
          defaultExpandedItems={groups.map((g) => `type:${g.type}`)}
          key={groups.map((g) => g.type).join()}
          onItemClick={(_, itemId) => { if (itemId.startsWith('product:')) navigate(terminalRecordPath(screen, itemId.slice(8))!); }}
        >
          {groups.map((g) => (
            <TreeItem key={g.type} itemId={`type:${g.type}`} label={`${g.label} (${g.products.length})`}>
              {g.products.map((p) => (
                <TreeItem key={String(p.id)} itemId={`product:${String(p.id)}`} label={
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center', py: 0.25 }}>
                    <span>{String(p.product_name)}</span>
                    <Typography variant="body2" color="text.secondary">{String(p.product_code ?? '')}{p.unCode ? ` · ${String(p.unCode)}` : ''}</Typography>
                    {p.status && p.status !== 'active' ? <StatusChip value={p.status} label={String(p.status)} /> : null}
                  </Stack>
                } />
              ))}
            </TreeItem>
          ))}
        </SimpleTreeView>
      </Box>
    </Paper>
  );
}
