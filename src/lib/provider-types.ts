/**
 * The data provider's extra calls as the screens use them (the provider itself lives in
 * src/dataProvider/). Declared structurally so screens depend on the calls, not the module.
 */
import type { DataProvider } from 'react-admin';

export interface ActionParams { id?: string | number; action: string; method?: string; body?: unknown; query?: Record<string, unknown> }
export interface Choice { id: string | number; label?: string; name?: string; [key: string]: unknown }

export interface ActionDataProvider extends DataProvider {
  callAction(resource: string, params: ActionParams): Promise<unknown>;
}

export interface AppDataProvider extends ActionDataProvider {
  count(resource: string, params?: { filter?: Record<string, unknown> }): Promise<number | { count: number }>;
  choices(resource: string, params?: Record<string, unknown>): Promise<unknown>;
}
