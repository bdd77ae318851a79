/**
 * A declared action's input as a form (docs/architecture.md, Server): the input read as a
 * declaration of its own, so each field gets its kind's input and validators, and a submit that
 * sends every input the form holds a value for, hands the answer on, and lands a 400 on its fields
 * (anything else becomes a toast). The action dialog and the screens built on an action's form
 * (the gauge tool) share it.
 */
import { useMemo } from 'react';
import { useDataProvider } from 'react-admin';
import type { Resource } from '../resources/define';
import type { AppDataProvider } from '../dataProvider/createDataProvider';
import { useNotifyError } from '../hooks/useNotifyError';
import { submitErrorsOf } from './submit-errors';

interface Options {
  /** The record of a detail action. */
  id?: string | number;
  /** The fields shown, on which a 400 lands (default: every input). */
  fields?: readonly string[];
  onDone(answer: unknown): void;
  /** Called when the server refuses, before the errors are shown (e.g. to clear an earlier answer). */
  onRefused?(): void;
}

export function useActionForm(resource: Resource, action: string, o: Options) {
  const a = resource.actions[action];
  const inputs = Object.keys(a.input ?? {});
  const fields = o.fields ?? inputs;
  const shape = useMemo<Resource>(() => ({ ...resource, fields: a.input ?? {} }), [resource, a]);
  const dp = useDataProvider<AppDataProvider>();
  const notifyError = useNotifyError();
  const submit = async (values: Record<string, unknown>) => {
    const body = Object.fromEntries(inputs.filter((f) => values[f] !== undefined && values[f] !== '').map((f) => [f, values[f]]));
    try {
      o.onDone(await dp.callAction(resource.name, { id: o.id, action: a.path ?? action, method: a.method, body }));
      return undefined;
    } catch (e) {
      o.onRefused?.();
      return submitErrorsOf(e, fields, { onConflict: () => notifyError(e), notifyError });
    }
  };
  return { shape, fields, submit };
}
