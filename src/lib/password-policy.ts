/** Minimum password rules, shared by the server (enforcement) and the forms (early feedback). */
export const PASSWORD_MIN_LENGTH = 8;

export function passwordProblems(password: string, context: { email?: string; name?: string } = {}): string[] {
  const problems: string[] = [];
  if (password.length < PASSWORD_MIN_LENGTH) problems.push(`This password is too short. It must contain at least ${PASSWORD_MIN_LENGTH} characters.`);
  if (/^\d+$/.test(password)) problems.push('This password is entirely numeric.');
  if (password.length > 256) problems.push('This password is too long (at most 256 characters).');
  const local = context.email?.split('@')[0]?.toLowerCase();
  if (local && local.length >= 3 && password.toLowerCase().includes(local)) problems.push('This password is too similar to the email address.');
  return problems;
}

/** The simple address pattern (docs/shell.md, Forms): no spaces, one at sign, a dot in the domain. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
