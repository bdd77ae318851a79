/** GC analysis rule: components checked, relative density and heating value derived on save. */
import type { ActionHandler } from '../../engine/action-handler';
import { defineBehaviour } from '../../engine/behaviour';
import { badRequest } from '../../engine/errors';
import { gcAnalysis } from '../../../src/resources/terminal/gc-analysis';
import { STATIC_DATA, mixtureProperties, parseComponents } from './gc-properties';

const staticDensities: ActionHandler = async () => STATIC_DATA;

export const gcAnalysisBehaviour = defineBehaviour(gcAnalysis, {
  actions: { static_densities: staticDensities },
  hooks: {
    beforeWrite({ input }) {
      const v = input.values;
      if (!('components' in v)) return;
      if (v.components === null) v.components = [];
      const parsed = parseComponents(v.components);
      if (!parsed.ok) throw badRequest({ components: parsed.errors });
      v.components = parsed.components;
      if (!parsed.components.length) {
        v.relative_density = null;
        v.gross_heating_value = null;
        return;
      }
      const p = mixtureProperties(parsed.components);
      v.relative_density = p.relative_density.toFixed(5);
      v.gross_heating_value = p.gross_heating_value.toFixed(3);
    },
  },
});
