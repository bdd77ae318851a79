/** The mass balance's answer (docs/terminal.md, Mass balance), as OpenAPI publishes it and the screen reads it. */
import { bool, decimalText, instant, listOf, maybe, obj, str } from '../answers';

const FIGURES = {
  opening: decimalText('Measured at the start: the latest gauging of each tank at or before it.'),
  receipts: decimalText('Completed tickets into the site\'s tanks from outside them (transfers aside).'),
  deliveries: decimalText('Completed tickets out of the site\'s tanks (transfers aside).'),
  transfers: decimalText('Completed transfers into the site\'s tanks less those out of them (between its own tanks: none).'),
  book_closing: decimalText('Opening + receipts - deliveries + transfers.'),
  closing: maybe(decimalText('Measured at the end: the latest gauging of each tank at or before it; null without any.')),
  difference: maybe(decimalText('Measured closing - book closing: negative is a loss.')),
  percent: maybe(decimalText('The difference as a percentage of opening + receipts (3 decimals).')),
};

export const MASS_BALANCE = obj({
  site: str(), site_name: str(), period: str(), first_day: str(), last_day: str(), time_zone: str(),
  starts_at: instant(), ends_at: instant(), ended: bool('The period has ended: only then is its closing measured.'), unit: str('Every volume is in this unit (m³).'),
  tolerance_percent: decimalText('The company\'s tolerance; a larger loss or gain is flagged.'),
  products: listOf(obj({ product: str(), product_name: str(), ...FIGURES, flagged: bool('The difference is outside the tolerance.') })),
  total: obj(FIGURES),
});
