/**
 * The terminal hears what a carrier did with its booking link (docs/notifications.md, Kinds): a
 * booking made, changed or cancelled without anyone at the terminal taking the call reaches the
 * people of the location's company who read bookings, and opens the location's schedule.
 */
import { booking } from '../../../src/resources/schedule/booking';
import { codename } from '../../../src/resources/define';
import { formatInZone } from '../../../src/lib/time-zone';
import type { Db } from '../../db/connection';
import type { Row } from '../../engine/serialize';
import { notify } from '../../notify/raise';

export type CarrierStep = 'booked' | 'changed' | 'cancelled';

export async function tellTerminal(
  db: Db, link: { company: number; location: number; carrier_name: string | null }, place: { name: string; zone: string }, step: CarrierStep, b: Row,
): Promise<void> {
  const carrier = String(b.carrier_name ?? link.carrier_name ?? 'A carrier');
  const when = formatInZone(b.starts_at, place.zone);
  const details = [['Reference', b.reference], ['Truck', b.truck_plate], ['Driver', b.driver_name], ['Reason', step === 'cancelled' ? b.cancel_reason : null]]
    .filter(([, v]) => v).map(([k, v]) => `${String(k)}: ${String(v)}`);
  await notify(db, link.company, { holding: codename(booking, 'view') }, {
    kind: 'booking', level: step === 'cancelled' ? 'warning' : 'info',
    title: `${carrier} ${step} booking ${String(b.id)}: ${place.name}, ${when}`,
    body: ['Through the carrier\'s booking link: nobody at the terminal took a call.', ...details].join('\n'),
    link: `/scheduler/location/${String(link.location)}/schedule/`,
  });
}
