/**
 * The map's selected car in the address (`?car=123`): a link opens the map on a car, and a reload
 * shows what was on screen. A link may also name the trip to draw (`&trip=45`, a trip's page for a
 * trip that is not the car's current one); picking another car drops it. Written without a router
 * navigation, which would remount the map.
 */
import { useCallback, useState } from 'react';

const idOf = (raw: string | null) => {
  const id = raw === null ? NaN : Number(raw);
  return Number.isInteger(id) && id > 0 ? id : null;
};

export function useSelectedCar() {
  const [state, setState] = useState(() => {
    const q = new URLSearchParams(window.location.search);
    const car = idOf(q.get('car'));
    return { car, trip: car === null ? null : idOf(q.get('trip')) };
  });
  const select = useCallback((id: number | null) => {
    setState((s) => (s.car === id ? s : { car: id, trip: null }));
    const q = new URLSearchParams(window.location.search);
    if (id === null) q.delete('car'); else if (q.get('car') !== String(id)) { q.set('car', String(id)); q.delete('trip'); }
    if (id === null) q.delete('trip');
    const search = q.toString();
    window.history.replaceState(window.history.state, '', `${window.location.pathname}${search ? `?${search}` : ''}`);
  }, []);
  return { selected: state.car, trip: state.trip, select };
}
