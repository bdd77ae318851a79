/**
 * The declaration a screen works with: the resource's own fields and the user's company's
 * additional fields on it (docs/audit.md, Additional fields), read once per resource and kept a few
 * minutes (a change on the additional fields page is seen at once: saving it refreshes every
 * `additional_fields` query). `ready` is false while they are being read, so a table asks for its
 * rows once, with its columns settled.
 */
import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { AppDataProvider } from '../dataProvider';
import type { Resource } from '../resources/define';
import { type AdditionalDef, takesAdditionalFields, withAdditionalFields } from '../resources/additional-values';
import { additionalField } from '../resources/accounts/additional-field';
import { useProfile } from './useProfile';

const NONE: AdditionalDef[] = [];

export function useAdditionalFields(r: Resource): { resource: Resource; ready: boolean } {
  const dp = useDataProvider<AppDataProvider>();
  const { permissions } = useProfile();
  const enabled = takesAdditionalFields(r) && Boolean(permissions?.company);
  const { data, isPending } = useQuery({
    queryKey: [additionalField.name, 'get_model_fields', r.name],
    enabled,
    staleTime: 5 * 60_000,
    // Without the right to read them the screen simply has none.
    retry: false,
    queryFn: async () => (await dp.callAction(additionalField.name, { action: 'get_model_fields', method: 'GET', query: { model: r.name } })) as AdditionalDef[],
  });
  const defs = enabled ? data ?? NONE : NONE;
  const resource = useMemo(() => withAdditionalFields(r, defs), [r, defs]);
  return { resource, ready: !enabled || !isPending };
}
