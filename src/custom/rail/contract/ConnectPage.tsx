/**
 * `contract/connect/` (docs/rail.md §11.4): which purchase supplies which sales. Purchases on the
 * left (number, counterparty, product, period, cars and the cars of the sales they supply, in the
 * warning colour when over-committed); the chosen purchase's product's sales on the right, those
 * it supplies checked. Checking a sale connects it (`connect/ {supply_contract}`), unchecking
 * disconnects it (`null`). Without `change_contract` the connections show without check boxes.
 * `?purchase={id}` or `?sale={id}` preselects. 1,400 px: side by side; 390 px: two steps.
 */
import { useMemo, useState } from 'react';
import { Alert, Box, Button, Checkbox, CircularProgress, List, ListItem, ListItemButton, ListItemIcon, ListItemText, Paper, Stack, Typography, type Theme, useMediaQuery } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Title, useCanAccess, useDataProvider, useNotify } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { AppDataProvider } from '../../../dataProvider/createDataProvider';
import { useNotifyError } from '../../../hooks/useNotifyError';
import { trackInFlight, useInFlight } from '../../../generic/useInFlight';
import { contract } from '../../../resources/rail/contract';
import { type ShortContract, contractApi } from './contract-api';

const period = (c: ShortContract) => `${c.start_date} to ${c.end_date}`;
const number = (c: ShortContract) => c.contract_number ?? `#${c.id}`;

/** "40 cars · 52 committed · over-committed by 12" */
function commitment(p: ShortContract, committed: number) {
  const over = committed - p.number_of_cars;
  return `${p.number_of_cars} cars · ${committed} committed${over > 0 ? ` · over-committed by ${over}` : ''}`;
}

export default function ConnectPage() {
  const dp = useDataProvider<AppDataProvider>();
  const api = contractApi(dp);
  const queryClient = useQueryClient();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const { inFlight } = useInFlight();
  const { canAccess: canChange } = useCanAccess({ resource: contract.name, action: 'edit' });
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const query = new URLSearchParams(useLocation().search);
  const asked = { purchase: Number(query.get('purchase')) || null, sale: Number(query.get('sale')) || null };
  const purchases = useQuery({ queryKey: [contract.name, 'connect', 'purchase'], queryFn: () => api.shortList({ contract_type: 'purchase' }) });
  const sales = useQuery({ queryKey: [contract.name, 'connect', 'sale'], queryFn: () => api.shortList({ contract_type: 'sale' }) });
  const askedSale = sales.data?.find((x) => x.id === asked.sale);
  // The purchase the user chose; until he chooses, the one the address asks for; `none` after Back on a phone.
  const [chosen, setChosen] = useState<number | 'none' | null>(null);
  const purchaseId = chosen === 'none' ? null : chosen ?? asked.purchase ?? askedSale?.supply_contract ?? null;
  const purchase = purchases.data?.find((p) => p.id === purchaseId) ?? null;
  const committed = useMemo(() => {
    const out = new Map<number, number>();
    for (const x of sales.data ?? []) if (x.supply_contract) out.set(x.supply_contract, (out.get(x.supply_contract) ?? 0) + x.number_of_cars);
    return out;
  }, [sales.data]);

  if (purchases.isPending || sales.isPending) return <Box sx={{ p: 4, textAlign: 'center' }}><CircularProgress size={28} /></Box>;
  if (purchases.error || sales.error) return <Alert severity="error" sx={{ m: 2 }}>{(purchases.error ?? sales.error)!.message}</Alert>;
  // A sale asked for without a supply yet: the purchases of its product.
  const shownPurchases = purchases.data.filter((p) => !askedSale || purchase || p.product.id === askedSale.product.id);
  const productSales = purchase ? sales.data.filter((x) => x.product.id === purchase.product.id) : [];

  const toggle = (sale: ShortContract, on: boolean) => trackInFlight(async () => {
    try {
      await api.connect(sale.id, on ? purchase!.id : null);
      await queryClient.invalidateQueries({ queryKey: [contract.name] });
      notify(on ? `${number(sale)} is supplied by ${number(purchase!)}` : `${number(sale)} is no longer supplied by ${number(purchase!)}`, { type: 'success' });
    } catch (e) {
      notifyError(e);
    }
  });

  const purchaseList = (
    <Paper variant="outlined" sx={{ flex: 1, minWidth: 0 }} data-testid="connect-purchases">
      <Typography variant="subtitle1" sx={{ px: 2, pt: 1.5 }}>Purchases</Typography>
      {askedSale && !purchase && <Typography variant="body2" color="text.secondary" sx={{ px: 2 }}>Choose the purchase that supplies {number(askedSale)} ({askedSale.product.label}).</Typography>}
      <List dense>
        {shownPurchases.map((p) => {
          const n = committed.get(p.id) ?? 0;
          return (
            <ListItem key={p.id} disablePadding>
              <ListItemButton selected={p.id === purchase?.id} onClick={() => setChosen(p.id)} data-testid={`connect-purchase-${p.id}`}>
              <ListItemText
                primary={`${number(p)} · ${p.party.label ?? ''}`}
                secondary={<>{p.product.label} · {period(p)}<br /><Box component="span" sx={{ color: n > p.number_of_cars ? 'warning.main' : undefined }}>{commitment(p, n)}</Box></>}
              />
            </ListItemButton>
            </ListItem>
          );
        })}
        {!shownPurchases.length && <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 1 }}>No draft or active purchase.</Typography>}
      </List>
    </Paper>
  );

  const saleList = purchase && (
    <Paper variant="outlined" sx={{ flex: 1, minWidth: 0 }} data-testid="connect-sales">
      <Stack direction={phone ? 'column' : 'row'} sx={{ alignItems: phone ? 'flex-start' : 'center', px: phone ? 1 : 2, pt: 1.5, gap: 0.5 }}>
        {phone && <Button size="small" startIcon={<ArrowBackIcon />} onClick={() => setChosen('none')}>Purchases</Button>}
        <Typography variant="subtitle1">Sales of {purchase.product.label} supplied by {number(purchase)}</Typography>
      </Stack>
      <List dense>
        {productSales.map((x) => {
          const on = x.supply_contract === purchase.id;
          const elsewhere = x.supply_contract && !on ? sales.data.find((y) => y.id === x.supply_contract) ?? purchases.data.find((y) => y.id === x.supply_contract) : null;
          const text = (
            <ListItemText primary={`${number(x)} · ${x.party.label ?? ''}`}
              secondary={`${period(x)} · ${x.number_of_cars} cars${x.supply_contract && !on ? ` · supplied by ${elsewhere ? number(elsewhere) : 'another purchase'}` : ''}`} />
          );
          return canChange ? (
            <ListItem key={x.id} disablePadding>
              <ListItemButton disabled={inFlight} onClick={() => void toggle(x, !on)} data-testid={`connect-sale-${x.id}`}>
              <ListItemIcon><Checkbox edge="start" checked={on} tabIndex={-1} disableRipple slotProps={{ input: { 'aria-label': `${number(x)} supplied by ${number(purchase)}` } }} /></ListItemIcon>
              {text}
            </ListItemButton>
            </ListItem>
          ) : (on && <Box key={x.id} sx={{ px: 2 }}>{text}</Box>);
        })}
        {!productSales.length && <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 1 }}>No draft or active sale of {purchase.product.label}.</Typography>}
      </List>
    </Paper>
  );

  return (
    <Box sx={{ p: { xs: 0, sm: 1 } }}>
      <Title title="Connect contracts" />
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5, px: { xs: 1, sm: 0 } }}>
        A sale is supplied by a purchase of its product. A purchase may supply several sales, also beyond its own cars.
      </Typography>
      {phone ? (saleList || purchaseList) : (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
          {purchaseList}
          {saleList ?? <Paper variant="outlined" sx={{ flex: 1, p: 2 }}><Typography variant="body2" color="text.secondary">Choose a purchase to see the sales of its product.</Typography></Paper>}
        </Stack>
      )}
    </Box>
  );
}
