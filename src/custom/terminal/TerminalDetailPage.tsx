/** The `{entityUUID}` and `-form/` routes of a terminal entity: that record (or a new one) in its route. */
import type { PageProps } from '../../routes/define-route';
import { TerminalRecord } from './TerminalRecord';
import { terminalScreenOf } from './useTerminalScreen';

export default function TerminalDetailPage({ params, route }: PageProps) {
  const { screen } = terminalScreenOf(route);
  const id = typeof params.entityUUID === 'string' ? params.entityUUID : undefined;
  return <TerminalRecord key={id ?? 'new'} resource={screen.resource} id={id} />;
}
