/**
 * What the numbering forms show beside their fields (docs/rail.md §11.12): the next number as the
 * pattern being typed will make it, worked out with the server's own rule (src/lib/code-pattern.ts)
 * from the counter `get_or_create/` answered, how many numbers were given this period, and the
 * placeholders as chips that insert themselves into the pattern.
 */
import { type MutableRefObject, useEffect } from 'react';
import { Alert, Box, Chip, Stack, Tooltip, Typography } from '@mui/material';
import { useFormContext, useWatch } from 'react-hook-form';
import { type CodeType, DEFAULT_SETTINGS, type Placeholder, type Reset, exampleFields, formatCode, patternErrors } from '../../../lib/code-pattern';
import type { NumberingState } from './numbering-api';

/** Inserts a placeholder into the form's pattern; set by the form, called by the chips beside it. */
export type InsertRef = MutableRefObject<((token: string) => void) | null>;

const nounOf = (type: CodeType) => (type === 'bol' ? 'BOL numbers' : 'numbers');

/** The preview line, inside the form (it reads the pattern and reset as they are typed). */
export function NumberingPreview({ type, state, columns, insertRef }: { type: CodeType; state: NumberingState; columns: readonly Placeholder[]; insertRef: InsertRef }) {
  const { getValues, setValue } = useFormContext();
  useEffect(() => {
    insertRef.current = (token) => setValue('pattern', `${(getValues('pattern') as string | null) ?? ''}${token}`, { shouldDirty: true, shouldValidate: true });
    return () => { insertRef.current = null; };
  }, [insertRef, getValues, setValue]);
  const typed = (useWatch({ name: 'pattern' }) as string | null | undefined) ?? '';
  const chosen = useWatch({ name: 'reset' }) as Reset | null | undefined;
  // A generator left without a pattern or reset takes its type's (docs/rail.md §4.6).
  const pattern = typed.trim() || DEFAULT_SETTINGS[type].pattern;
  const reset = chosen || DEFAULT_SETTINGS[type].reset;
  const errors = patternErrors(pattern, { rule: type === 'bol' ? 'bol' : 'code', type, reset });
  const company = columns.find((c) => c.token === '{company.code}')?.example;
  const next = errors.length ? null : formatCode(pattern, { seq: state.next_seq, date: state.date, fields: exampleFields(type, { 'company.code': company }) }, type === 'bol' ? 'bol' : 'code');
  const given = `${state.issued_this_period.toLocaleString('en-US')} ${nounOf(type)} given ${state.period ? `in ${state.period}` : 'so far'}`;
  return (
    <Alert severity={errors.length ? 'warning' : 'info'} sx={{ mb: 1 }} data-testid="numbering-preview">
      {next ? <>Next: <b data-testid="numbering-next">{next}</b></> : errors.join(' ')}
      <Typography variant="body2" color="text.secondary">{given}</Typography>
    </Alert>
  );
}

/**
 * The placeholders a pattern of this type may use; a click puts one at the end of the pattern.
 * `detailed` (the page's column beside the form) writes what each stands for; otherwise the chips
 * say it in their tooltips.
 */
export function NumberingPlaceholders({ columns, insertRef, canEdit, detailed = false }: { columns: readonly Placeholder[]; insertRef: InsertRef; canEdit: boolean; detailed?: boolean }) {
  const chip = (c: Placeholder) => <Chip label={c.token} size="small" variant="outlined" onClick={canEdit ? () => insertRef.current?.(c.token) : undefined} />;
  return (
    <Box data-testid="numbering-placeholders" sx={{ mb: 1 }}>
      <Typography variant="subtitle2" color="text.secondary" sx={{ mb: 1 }}>
        Placeholders{canEdit ? ': click one to add it to the pattern' : ''}
      </Typography>
      {detailed ? (
        <Stack sx={{ gap: 1 }}>
          {columns.map((c) => (
            <Stack key={c.token} direction="row" sx={{ gap: 1, alignItems: 'center' }}>
              {chip(c)}
              <Typography variant="body2" color="text.secondary">{c.label}, e.g. {c.example}</Typography>
            </Stack>
          ))}
        </Stack>
      ) : (
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
          {/* The tooltip describes the chip, whose name stays what it shows (WCAG 2.5.3). */}
          {columns.map((c) => <Tooltip key={c.token} describeChild title={`${c.label}, e.g. ${c.example}`}>{chip(c)}</Tooltip>)}
        </Stack>
      )}
    </Box>
  );
}

/** The page's two columns: the form, and the placeholders beside it on a wide window (one column on a phone). */
export const numberingLayout = {
  display: 'grid', gap: 2, alignItems: 'start', p: { xs: 0, sm: 1 },
  gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 720px) minmax(0, 1fr)' },
} as const;
