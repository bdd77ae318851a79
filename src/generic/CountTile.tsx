/**
 * A count on an overview page (the fleet overview, the track-and-trace overview): the number, what
 * it counts and a line of help; with `to`, the whole tile opens the table behind the count. A
 * `tone` colours a count that needs attention, only when it is not zero.
 */
import { Card, CardActionArea, CardContent, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';

export interface CountTileProps { label: string; count: number; help: string; to?: string; tone?: 'error' | 'warning' }

export function CountTile({ label, count, help, to, tone }: CountTileProps) {
  const body = (
    <CardContent>
      <Typography variant="h4" component="div" color={tone && count ? `${tone}.main` : 'text.primary'} data-testid={`tile-${label}`}>{count.toLocaleString('en-CA')}</Typography>
      <Typography variant="subtitle2">{label}</Typography>
      <Typography variant="caption" color="text.secondary">{help}</Typography>
    </CardContent>
  );
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      {/* The link's name is what it shows (WCAG 2.5.3): the count, what it counts and the help. */}
      {to ? <CardActionArea component={RouterLink} to={to} sx={{ height: '100%' }}>{body}</CardActionArea> : body}
    </Card>
  );
}

/** Tiles two across on a phone, three on a tablet, four on a desktop. */
export const COUNT_GRID = { display: 'grid', gap: 1.5, gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(3, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' } } as const;
