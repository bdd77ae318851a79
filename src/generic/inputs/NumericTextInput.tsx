/**
 * Integers and decimals are typed as text (docs/shell.md, Forms): keys other than digits and a period are
 * blocked, and the validators explain anything pasted in. Decimals stay strings end to end so no
 * precision is lost; integers become numbers once they are valid.
 */
import type { KeyboardEvent } from 'react';
import { InputAdornment } from '@mui/material';
import { TextInput, type TextInputProps } from 'react-admin';
import { isBlockedNumericKey } from '../../lib/validators';

interface Props extends Omit<TextInputProps, 'type'> { integer?: boolean; signed?: boolean; unit?: string }

export function NumericTextInput({ integer = false, signed = false, unit, ...props }: Props) {
  const onKeyDown = (e: KeyboardEvent) => {
    if (isBlockedNumericKey(e, { allowPeriod: !integer, allowMinus: signed })) e.preventDefault();
  };
  return (
    <TextInput
      {...props}
      onKeyDown={onKeyDown}
      format={(v: unknown) => (v === null || v === undefined ? '' : String(v))}
      parse={(v: string) => (v === '' ? null : integer && /^\d+$/.test(v) ? Number(v) : v)}
      slotProps={{
        htmlInput: { inputMode: integer ? 'numeric' : 'decimal' },
        input: unit ? { endAdornment: <InputAdornment position="end">{unit}</InputAdornment> } : undefined,
      }}
    />
  );
}
