import type { Choice } from '../fields';

/** The role names that the role checks of the product know. */
export const ROLES = ['Site Administration', 'Carrier/Dispatch', 'Driver', 'Operator'] as const;
export type Role = (typeof ROLES)[number];
export const ROLE_CHOICES: Choice[] = ROLES.map((r) => [r, r]);
