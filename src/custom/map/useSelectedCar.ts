/**
 * The map's selected car in the address (`?car=123`): a link opens the map on a car, and a reload
 * shows what was on screen. Written without a router navigation, which would remount the map.
 */
import { useCallback, useState } from 'react';

const read = () => {
  const raw = new URLSearchParams(window.location.search).get('car');
  const id = raw === null ? NaN : Number(raw);
  return Number.isInteger(id) && id > 0 ? id : null;
};

export function useSelectedCar() {
  const [selected, setSelected] = useState<number | null>(read);
  const select = useCallback((id: number | null) => {
    setSelected(id);
    const q = new URLSearchParams(window.location.search);
    if (id === null) q.delete('car'); else q.set('car', String(id));
    const search = q.toString();
    window.history.replaceState(window.history.state, '', `${window.location.pathname}${search ? `?${search}` : ''}`);
  }, []);
  return [selected, select] as const;
}
