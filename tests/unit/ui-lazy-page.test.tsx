// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { LazyPage } from '../../src/routes/LazyPage';
import { ChunkTimeoutError, withTimeout } from '../../src/routes/lazy-load';
import { NotBuilt } from '../../src/layout/NotBuilt';

afterEach(cleanup);

describe('lazy chunks (docs/shell.md, Errors: 120 s limit)', () => {
  it('withTimeout rejects a load that does not arrive in time', async () => {
    await expect(withTimeout(() => new Promise(() => {}), 10)).rejects.toBeInstanceOf(ChunkTimeoutError);
    await expect(withTimeout(() => Promise.resolve(5), 10)).resolves.toBe(5);
  });

  it('shows an error with Retry, and Retry loads again', async () => {
    let attempts = 0;
    const Page = ({ who }: { who: string }) => <p>Hello {who}</p>;
    const loader = () => {
      attempts++;
      return attempts === 1 ? new Promise<{ default: typeof Page }>(() => {}) : Promise.resolve({ default: Page });
    };
    render(<LazyPage loader={loader} props={{ who: 'there' }} timeoutMs={20} />);
    expect(await screen.findByText(/did not load within/)).toBeTruthy();
    await act(async () => { fireEvent.click(screen.getByRole('button', { name: 'Retry' })); });
    expect(await screen.findByText('Hello there')).toBeTruthy();
    expect(attempts).toBe(2);
  });

  it('a route without a page says so honestly', () => {
    render(<NotBuilt def={{ label: 'Fleet', path: 'company/fleet/' }} />);
    expect(screen.getByText('This screen is not built yet in this release.')).toBeTruthy();
  });
});
