/**
 * Renders a lazily loaded page. Unlike bare React.lazy, a chunk that fails or does not arrive within
 * the time limit shows an error with a Retry button instead of hanging or blanking the screen.
 */
import { type ComponentType, useEffect, useState } from 'react';
import { Alert, Box, Button, CircularProgress } from '@mui/material';
import { ChunkTimeoutError, cachedModule, loadModule } from './lazy-load';

interface Props<P extends object> {
  loader: () => Promise<{ default: ComponentType<P> }>;
  props: P;
  /** Test hook: a shorter limit than the production 120 s. */
  timeoutMs?: number;
}

type State<P> = { status: 'loading' } | { status: 'ready'; Component: ComponentType<P> } | { status: 'error'; message: string; timedOut: boolean };

export function LazyPage<P extends object>({ loader, props, timeoutMs }: Props<P>) {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<State<P>>(() => {
    const hit = cachedModule(loader);
    return hit ? { status: 'ready', Component: hit.default } : { status: 'loading' };
  });

  useEffect(() => {
    let live = true;
    const hit = cachedModule(loader);
    if (hit) {
      setState({ status: 'ready', Component: hit.default });
      return;
    }
    setState({ status: 'loading' });
    loadModule(loader, timeoutMs).then(
      (mod) => { if (live) setState({ status: 'ready', Component: mod.default }); },
      (e: Error) => { if (live) setState({ status: 'error', message: e.message, timedOut: e instanceof ChunkTimeoutError }); },
    );
    return () => { live = false; };
  }, [loader, attempt, timeoutMs]);

  if (state.status === 'ready') return <state.Component {...props} />;
  if (state.status === 'error') {
    // A slow chunk may still arrive: wait for it again. A failed one stays failed in the browser's
    // module map (the build may also have changed meanwhile), so only a fresh page load helps.
    const retry = () => (state.timedOut ? setAttempt((n) => n + 1) : window.location.reload());
    return (
      <Alert severity="error" sx={{ m: 2 }} action={<Button color="inherit" onClick={retry}>Retry</Button>}>
        {state.message}
      </Alert>
    );
  }
  return <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}><CircularProgress size={28} aria-label="Loading" /></Box>;
}

/** A component that loads its implementation lazily (for react-admin props such as `<Resource list>`). */
export function lazyComponent<P extends object>(loader: () => Promise<{ default: ComponentType<P> }>): ComponentType<P> {
  const Lazy = (props: P) => <LazyPage loader={loader} props={props} />;
  return Lazy;
}
