/**
 * The resources a company may add fields to, as choices (`Products (product)`), for the additional
 * fields form to pick from. Filled by the registry once every resource is declared (index.ts): the
 * declaration of additional fields cannot import the registry, which imports it.
 */
import type { Choice } from './fields';

const targets: Choice[] = [];

export const additionalTargets = (): readonly Choice[] => targets;

export function setAdditionalTargets(list: readonly Choice[]) {
  targets.splice(0, targets.length, ...list);
}
