/** What every benchmark reads from its environment and how it signs in to the server it measures. */
import { DEMO_PASSWORD } from '../../server/seed/demo-data';

/** A whole, non-negative number from the environment, or the fallback when unset or empty. */
export const envInt = (name: string, fallback: number) => {
  const v = process.env[name];
  return v === undefined || v === '' ? fallback : Math.max(0, Math.floor(Number(v)));
};

/** A token of the demo operator on the server at `base`. */
export async function login(base: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/login/`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'operator@demo.test', password: DEMO_PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`login: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { key: string }).key;
}
