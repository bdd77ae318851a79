/**
 * An amount in words, as a cheque or an invoice writes it: "Four thousand one hundred twenty-three
 * and 45/100 Canadian dollars". Whole units in words (to-words, from a BigInt, never a float), the
 * cents as a fraction; a negative amount (a credit note) reads as the amount credited.
 */
import { ToWords } from 'to-words';

const words = new ToWords({ localeCode: 'en-US' });
const CURRENCY_NAMES: Record<string, string> = { CAD: 'Canadian dollars', USD: 'US dollars' };

export function amountInWords(amount: string, currency: string): string {
  const m = /^(-?)(\d+)(?:\.(\d{1,2}))?/.exec(amount.trim());
  if (!m) return '';
  const whole = words.convert(BigInt(m[2])).toLowerCase();
  const cents = (m[3] ?? '').padEnd(2, '0');
  const sentence = `${whole} and ${cents}/100 ${CURRENCY_NAMES[currency] ?? currency}`;
  return sentence.charAt(0).toUpperCase() + sentence.slice(1);
}
