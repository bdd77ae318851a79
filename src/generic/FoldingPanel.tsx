/**
 * A section of a long form or record as a folding panel (MUI Accordion), for phones where the
 * sections one under the other make a long scroll (docs/rail.md §11.9). A panel holding a field the
 * server refused opens and says so, so no message waits unseen in a folded panel.
 */
import { useState, type ReactNode } from 'react';
import { Accordion, AccordionDetails, AccordionSummary, Typography } from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { useFormState } from 'react-hook-form';

interface Props { label: string; defaultOpen?: boolean; error?: boolean; children: ReactNode; onToggle?(open: boolean): void }

export function FoldingPanel({ label, defaultOpen = false, error = false, children, onToggle }: Props) {
  const [open, setOpen] = useState(defaultOpen);
  return (
    <Accordion expanded={open || error} onChange={(_, now) => { setOpen(now); onToggle?.(now); }} disableGutters variant="outlined" sx={{ width: '100%', '&:before': { display: 'none' } }}>
      <AccordionSummary expandIcon={<ExpandMoreIcon />}>
        <Typography variant="subtitle2" component="h2" color={error ? 'error' : undefined}>{label}</Typography>
      </AccordionSummary>
      <AccordionDetails sx={{ pt: 0 }}>{children}</AccordionDetails>
    </Accordion>
  );
}

/** A form section's panel: open while any of its fields holds an error. Inside a form only. */
export function FormFoldingPanel({ fields, ...props }: Omit<Props, 'error'> & { fields: readonly string[] }) {
  const { errors } = useFormState();
  return <FoldingPanel {...props} error={fields.some((f) => f in errors)} />;
}
