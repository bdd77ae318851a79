/** The filter-import dialog's text splitting (docs/table.md, Filter import): Comma, New Line or Space. */

export type Separator = 'comma' | 'newline' | 'space';
export const SEPARATORS: { value: Separator; label: string }[] = [
  { value: 'comma', label: 'Comma' },
  { value: 'newline', label: 'New Line' },
  { value: 'space', label: 'Space' },
];

const PATTERNS: Record<Separator, RegExp> = { comma: /,/, newline: /\r?\n/, space: /[ \t]+/ };

/** Unique, trimmed, non-empty pieces in first-seen order. */
export function splitValues(text: string, sep: Separator): string[] {
  return [...new Set(text.split(PATTERNS[sep]).map((v) => v.trim()).filter((v) => v !== ''))];
}

/** The separator that yields the most pieces (ties keep the order Comma, New Line, Space). */
export function pickSeparator(text: string): Separator {
  let best: Separator = 'comma';
  let most = -1;
  for (const { value } of SEPARATORS) {
    const n = splitValues(text, value).length;
    if (n > most) { best = value; most = n; }
  }
  return best;
}
