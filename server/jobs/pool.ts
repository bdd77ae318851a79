/**
 * A tiny pool of worker threads for CPU work that must not hold the event loop (PDF rendering):
 * at most (cores - 1) workers, at least one, started on first use and kept for the next. Tasks
 * wait in one queue; each worker runs one at a time. Workers load TypeScript through tsx's hooks,
 * whatever runs the server (tsx in production, vitest in the tests).
 */
import { availableParallelism } from 'node:os';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

/**
 * The worker's first module: registers tsx's TypeScript hooks in the worker's own thread, then
 * imports the worker script. (`execArgv: ['--import', 'tsx']` is not enough on Node 20: the entry
 * module is resolved before the hooks are in place.)
 */
const tsxApi = pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm/api').replace(/\.cjs$/, '.mjs')).href;
const BOOT = `import(${JSON.stringify(tsxApi)}).then((tsx) => { tsx.register(); return import(require('node:worker_threads').workerData.script); });`;

interface Task<In, Out> { input: In; resolve: (v: Out) => void; reject: (e: Error) => void }
interface Slot { worker: Worker; busy: boolean }

export class WorkerPool<In, Out> {
  private slots: Slot[] = [];
  private queue: Task<In, Out>[] = [];
  private running = new Map<Worker, Task<In, Out>>();
  private closed = false;
  readonly size: number;

  constructor(private script: URL, size = Math.max(1, availableParallelism() - 1)) {
    this.size = size;
  }

  run(input: In): Promise<Out> {
    if (this.closed) return Promise.reject(new Error('The worker pool is closed.'));
    return new Promise<Out>((resolve, reject) => {
      this.queue.push({ input, resolve, reject });
      this.dispatch();
    });
  }

  private spawn(): Slot {
    const worker = new Worker(BOOT, { eval: true, execArgv: [], workerData: { script: this.script.href } });
    // Idle workers do not keep the process alive; a busy one does (ref'd while it runs a task).
    worker.unref();
    const slot: Slot = { worker, busy: false };
    worker.on('message', (m: { ok: true; value: Out } | { ok: false; error: string }) => {
      const task = this.running.get(worker);
      this.running.delete(worker);
      slot.busy = false;
      worker.unref();
      if (task) {
        if (m.ok) task.resolve(m.value);
        else task.reject(new Error(m.error));
      }
      this.dispatch();
    });
    worker.on('error', (e) => this.fail(slot, e));
    worker.on('exit', (code) => { if (!this.closed) this.fail(slot, new Error(`A worker stopped (exit code ${code}).`)); });
    this.slots.push(slot);
    return slot;
  }

  /** A worker that died takes its task with it; the next task gets a new worker. */
  private fail(slot: Slot, e: Error) {
    this.slots = this.slots.filter((s) => s !== slot);
    const task = this.running.get(slot.worker);
    this.running.delete(slot.worker);
    task?.reject(e);
    this.dispatch();
  }

  private dispatch() {
    while (this.queue.length) {
      const slot = this.slots.find((s) => !s.busy) ?? (this.slots.length < this.size ? this.spawn() : null);
      if (!slot) return;
      const task = this.queue.shift()!;
      slot.busy = true;
      slot.worker.ref();
      this.running.set(slot.worker, task);
      slot.worker.postMessage(task.input);
    }
  }

  async close() {
    this.closed = true;
    for (const t of this.queue.splice(0)) t.reject(new Error('The worker pool is closed.'));
    await Promise.all(this.slots.map((s) => s.worker.terminate()));
    this.slots = [];
  }
}
