/** Texts fixed word for word (docs/shell.md, Permissions; Guards; Errors), kept in one place so screens and tests agree. */
export const NO_ACCESS_MESSAGE = 'You do not have access to view this page. Please contact an administrator to gain access.';
export const ACCOUNT_ERROR_FALLBACK = 'Error with account';
export const ERROR_FALLBACK = 'Something went wrong. Please try again.';
export const CONFLICT_MESSAGE = 'Someone else changed this record';

