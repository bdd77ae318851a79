/**
 * The yard screens' calls (docs/yard.md, The calls): the layout in both scenarios, the changes made
 * against its version (a stale one reloads the layout and says why), and the watch on the last
 * change so another planner's saved work shows within seconds.
 */
import { useEffect } from 'react';
import { useDataProvider } from 'react-admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { AppDataProvider } from '../../dataProvider/createDataProvider';
import { type Layout, type LengthUnit, type YardShape, yardShape } from '../../lib/yard-layout';
import { YARD } from '../../resources/yard/common';

export type Scenario = 'actual' | 'planned';

export interface YardCar {
  id: number; mark_number: string; car_type: string; length: string; loaded: boolean;
  product: number | null; product_name: string | null; product_color: string | null; car: number | null;
  actual: { track: number | null; position: number | null }; planned: { track: number | null; position: number | null };
}
export interface YardTrack { id: number; name: string; kind: string; length: string; position: number; actual: number[]; planned: number[]; actual_used: string; planned_used: string }
export interface YardLayout {
  yard: { id: number; name: string; facility: number; facility_name: string; length_unit: LengthUnit; lead_length: string | null; use_autocomplete: boolean; layout_version: number; layout_changed_at: string | null; layout_changed_by: string | null };
  tracks: YardTrack[];
  cars: YardCar[];
}
export interface SwitchStep { step: number; from: number; from_name: string; to: number; to_name: string; cars: string[]; done_at?: string | null; done_by?: string | null }
export interface SwitchPreview { moves: SwitchStep[]; lower_bound: number | null; problem: string | null; layout_version: number }

export const layoutKey = (id: number) => ['yard-layout', id] as const;

export function useYardLayout(id: number) {
  const dp = useDataProvider<AppDataProvider>();
  return useQuery({ queryKey: layoutKey(id), queryFn: () => dp.callAction(YARD, { id, action: 'layout', method: 'GET' }) as Promise<YardLayout> });
}

/** Polls the yard's last change every few seconds; a version other than the one shown reloads the layout. */
export function useYardWatch(id: number, shown: number | undefined, everyMs = 5_000) {
  const dp = useDataProvider<AppDataProvider>();
  const client = useQueryClient();
  useEffect(() => {
    if (shown === undefined) return undefined;
    const timer = setInterval(() => {
      void (dp.callAction(YARD, { action: 'rail_yard_cache', method: 'GET', query: { yard_id: id } }) as Promise<{ layout_version: number }>)
        .then((c) => { if (c.layout_version !== shown) void client.invalidateQueries({ queryKey: layoutKey(id) }); })
        .catch(() => undefined);
    }, everyMs);
    return () => clearInterval(timer);
  }, [dp, client, id, shown, everyMs]);
}

/** A scenario of a layout as the move rules take it (src/lib/yard-layout.ts): marks by track id. */
export function layoutOf(l: YardLayout, scenario: Scenario): Layout {
  const mark = new Map(l.cars.map((c) => [c.id, c.mark_number]));
  return Object.fromEntries(l.tracks.map((t) => [String(t.id), t[scenario].map((id) => mark.get(id)!)]));
}

export const shapeOf = (l: YardLayout): YardShape => yardShape(l.yard.length_unit, l.yard.lead_length, l.tracks, l.cars);
