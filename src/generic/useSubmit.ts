/**
 * Saving a generic form: create (POST) or update (PATCH through the data provider, which sends only
 * the changed fields plus id and version). A 400 goes onto the fields (messages joined by new lines),
 * what has no field becomes a toast; a 409 raises the conflict notice; the dirty flag is set meanwhile.
 */
import { useCallback, useState } from 'react';
import { type RaRecord, useDataProvider, useNotify, useRedirect } from 'react-admin';
import { useQueryClient } from '@tanstack/react-query';
import type { Resource } from '../resources/define';
import { useNotifyError } from '../hooks/useNotifyError';
import { useReturnPath } from './useReturnPath';
import { formSections } from './field-rules';
import { submitErrorsOf } from './submit-errors';
import { trackInFlight } from './useInFlight';
import { useAdditionalFields } from '../hooks/useAdditionalFields';

export interface SubmitOptions {
  /** Called with the saved record instead of returning to the list (a form in a dialog, a create that opens the new record). */
  onSaved?(saved: RaRecord): void;
  /** Where the save returns without a `?back=` (default: the resource's list). */
  back?: string;
}

export function useSubmit(r: Resource, mode: 'create' | 'edit', record?: RaRecord, o: SubmitOptions = {}) {
  const dataProvider = useDataProvider();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const redirect = useRedirect();
  const back = useReturnPath(r.name, o.back);
  const [conflict, setConflict] = useState(false);
  // The messages of the company's own fields land on their inputs too.
  const fields = formSections(useAdditionalFields(r).resource).flatMap((s) => s.fields);
  const { onSaved } = o;

  const submit = useCallback((values: Record<string, unknown>) => trackInFlight(async () => {
    try {
      const { data: saved } = mode === 'create'
        ? await dataProvider.create(r.name, { data: values })
        : await dataProvider.update(r.name, { id: record!.id, data: values, previousData: record! });
      await queryClient.invalidateQueries({ queryKey: [r.name] });
      notify(`${r.label} ${mode === 'create' ? 'created' : 'saved'}`, { type: 'success' });
      if (onSaved) onSaved(saved);
      else redirect(back);
      return undefined;
    } catch (e) {
      return submitErrorsOf(e, fields, { onConflict: () => setConflict(true), notifyError });
    }
  }), [dataProvider, queryClient, notify, notifyError, redirect, back, r, mode, record, fields, onSaved]);

  return { submit, conflict, clearConflict: () => setConflict(false) };
}
