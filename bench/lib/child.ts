/** Starts bench/server.ts as a child process and talks to it over IPC. */
import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { ChildMessage, ParentMessage, Ready } from './ipc';

export interface ServerProcess {
  ready: Ready;
  base: string;
  ask<T extends ChildMessage['type']>(m: ParentMessage, answer: T): Promise<Extract<ChildMessage, { type: T }>>;
  close(): Promise<void>;
}

const script = fileURLToPath(new URL('../server.ts', import.meta.url));

function next(child: ChildProcess, type: string): Promise<any> {
  return new Promise((resolve, reject) => {
    const onMessage = (m: ChildMessage) => {
      if (m.type === type) { cleanup(); resolve(m); } else if (m.type === 'error') { cleanup(); reject(new Error(`server process: ${m.message}`)); }
    };
    const onExit = (code: number | null) => { cleanup(); reject(new Error(`server process exited (${code}) while waiting for "${type}"`)); };
    const cleanup = () => { child.off('message', onMessage); child.off('exit', onExit); };
    child.on('message', onMessage);
    child.on('exit', onExit);
  });
}

export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  // tsx's loader flags are inherited through execArgv, so the child runs TypeScript too.
  // BENCH_SERVER_NODE_ARGS (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof") profiles the server process.
  const extra = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = fork(script, [], { env: { ...process.env, ...env }, execArgv: [...process.execArgv, ...extra], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  let exited = false;
  child.on('exit', () => { exited = true; });
  try {
    const ready = (await next(child, 'ready')) as Ready;
    return {
      ready,
      base: `http://127.0.0.1:${ready.port}`,
      async ask(m, answer) {
        const p = next(child, answer);
        child.send(m);
        return p;
      },
      async close() {
        if (exited) return;
        const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
        child.send({ type: 'close' } satisfies ParentMessage);
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await gone;
        clearTimeout(timer);
      },
    };
  } catch (e) {
    if (!exited) child.kill('SIGKILL');
    throw e;
  }
}
