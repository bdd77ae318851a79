/**
 * Which columns the table shows and in what order, kept in the profile's `ui_config[table]`:
 * `columns` the visible ones (in display order) and `order` every pickable column in the user's
 * order, so a hidden column keeps its place when it is shown again.
 */
import { useMemo } from 'react';
import type { Resource } from '../resources/define';
import { columnOrder, defaultColumns, keepKnown, moveColumn, toggleAll, toggleColumn, visibleInOrder } from './columns';
import { useProfile } from '../hooks/useProfile';
import { seesManyCompanies } from '../authProvider/permissions';
import { pickableColumns } from './grid-columns';
import type { TableConfig } from './table-config';

export function useColumnSettings(r: Resource, config: TableConfig, save: (next: TableConfig) => unknown, screenColumns?: readonly string[]) {
  const { permissions } = useProfile();
  const manyCompanies = seesManyCompanies(permissions);
  const all = useMemo(() => pickableColumns(r), [r]);
  const defaults = useMemo(() => defaultColumns(r, manyCompanies, screenColumns), [r, manyCompanies, screenColumns]);
  const order = useMemo(() => columnOrder(config.order, defaults, all), [config.order, defaults, all]);
  const visible = useMemo(
    () => visibleInOrder(order, config.columns ? keepKnown(config.columns, all) : defaults),
    [order, config.columns, all, defaults],
  );
  const store = (columns: string[], nextOrder: string[] = order) =>
    save({ ...config, columns: visibleInOrder(nextOrder, columns), order: nextOrder });
  return {
    all,
    /** Every pickable column in the user's order (what the Columns menu lists). */
    order,
    visible,
    toggleAll: () => store(toggleAll(visible, order)),
    toggleColumn: (field: string) => store(toggleColumn(visible, order, field)),
    move: (field: string, step: -1 | 1) => store(visible, moveColumn(order, visible, field, step)),
  };
}
