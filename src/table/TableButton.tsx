/** A table toolbar button (spec 01 §2): label, icon, tooltip, disabled and loading states, optional link. */
import type { ReactNode } from 'react';
import { Button, CircularProgress, Tooltip } from '@mui/material';
import { Link } from 'react-admin';

export interface TableButtonProps {
  label: string;
  icon?: ReactNode;
  tooltip?: string;
  disabled?: boolean;
  loading?: boolean;
  to?: string;
  onClick?(): void;
}

export function TableButton({ label, icon, tooltip, disabled, loading, to, onClick }: TableButtonProps) {
  const startIcon = loading ? <CircularProgress size={16} aria-label="Loading" /> : icon;
  const button = to
    ? <Button size="small" startIcon={startIcon} disabled={disabled || loading} component={Link} to={to}>{label}</Button>
    : <Button size="small" startIcon={startIcon} disabled={disabled || loading} onClick={onClick}>{label}</Button>;
  // A disabled button fires no events, so the tooltip needs a wrapper to still explain why.
  return tooltip ? <Tooltip title={tooltip}><span>{button}</span></Tooltip> : button;
}
