/** "Copy column": the values of one column joined by the chosen separator. */
export type CopySeparator = 'comma' | 'space' | 'newline';
const JOINERS: Record<CopySeparator, string> = { comma: ',', space: ' ', newline: '\n' };

export function columnText(values: readonly unknown[], sep: CopySeparator): string {
  return values.map((v) => (v === null || v === undefined ? '' : String(v))).join(JOINERS[sep]);
}
