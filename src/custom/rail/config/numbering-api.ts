/** The numbering settings' own calls (docs/rail.md §6.5), read with react-query under the resource's key, so a save refreshes them. */
import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { AppDataProvider } from '../../../dataProvider/createDataProvider';
import type { Placeholder } from '../../../lib/code-pattern';

/** A settings record as `get_or_create/` answers it: the record and what the next number will be. */
export interface NumberingState extends Record<string, unknown> {
  id: number;
  version: number;
  pattern: string;
  reset: 'never' | 'yearly';
  start_number: number;
  next_number: string;
  next_seq: number;
  period: string;
  issued_this_period: number;
  date: string;
}

/** `get_or_create/` and `get_columns/` of the BOL numbering (no code type) or of a code generator's type. */
export function useNumbering(resource: string, codeType?: string) {
  const dp = useDataProvider<AppDataProvider>();
  const query = codeType ? { code_type: codeType } : undefined;
  const state = useQuery({
    queryKey: [resource, 'get_or_create', codeType ?? null],
    queryFn: () => dp.callAction(resource, { action: 'get_or_create', method: 'GET', query }) as Promise<NumberingState>,
  });
  const columns = useQuery({
    queryKey: [resource, 'get_columns', codeType ?? null],
    queryFn: () => dp.callAction(resource, { action: 'get_columns', method: 'GET', query }) as Promise<Placeholder[]>,
    staleTime: 60 * 60 * 1000,
  });
  return { state, columns };
}
