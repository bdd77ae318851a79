/** A table toolbar button (docs/table.md, Buttons): label, icon, tooltip, disabled and loading states, optional link. */
import type { ReactNode } from 'react';
import { Button, CircularProgress, Tooltip } from '@mui/material';
import { Link } from 'react-admin';

export interface TableButtonProps {
  label: string;
  icon?: ReactNode;
  tooltip?: string;
  disabled?: boolean;
  /** Work in progress: a spinner replaces the icon and the button cannot be pressed again. */
  loading?: boolean;
  /** An in-app link target: the button is then a link (opens in a new tab with the usual keys). */
  to?: string;
  onClick?(): void;
  variant?: 'text' | 'outlined' | 'contained';
}

export function TableButton({ label, icon, tooltip, disabled, loading, to, onClick, variant = 'text' }: TableButtonProps) {
  const common = {
    size: 'small' as const,
    variant,
    startIcon: loading ? <CircularProgress size={16} color="inherit" aria-label="Loading" /> : icon,
    disabled: disabled || loading,
    'aria-busy': loading || undefined,
  };
  const button = to
    ? <Button {...common} component={Link} to={to}>{label}</Button>
    : <Button {...common} onClick={onClick}>{label}</Button>;
  // A disabled button fires no events, so the tooltip needs a wrapper to still explain why.
  return tooltip ? <Tooltip title={tooltip}><span>{button}</span></Tooltip> : button;
}
