/** What every benchmark reads from its environment and how it signs in to the server it measures. */
import { DEMO_PASSWORD } from '../../server/seed/demo-data';

/** A whole, non-negative number from the environment, or the fallback when unset or empty. */
export const envInt = (name: string, fallback: number) => {
  const v = process.env[name];
  return v === undefined || v === '' ? fallback : Math.max(0, Math.floor(Number(v)));
};

/** A token of a demo user (the operator unless named) on the server at `base`. */
export async function login(base: string, email = 'operator@demo.test'): Promise<string> {
  const res = await fetch(`${base}/api/auth/login/`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`login: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { key: string }).key;
}
