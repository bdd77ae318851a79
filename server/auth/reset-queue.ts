/**
 * Password-reset work done after the answer. Looking the account up, storing a link and mailing it
 * took about a millisecond more when the email existed than when it did not, so the answer's time
 * told whether an address has an account. The request now does the same work for every email
 * (validate, count the attempt, enqueue) and answers; the rest runs here, off the request path.
 *
 * One queue per app, run one job at a time (a burst of resets does not compete with sign-ins), with
 * a bound on what waits so a flood cannot grow memory without end. The app waits for it on close.
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Services } from '../services';

const MAX_PENDING = 1_000;

export class BackgroundQueue {
  private tail: Promise<void> = Promise.resolve();
  private pending = 0;

  constructor(private readonly log: FastifyBaseLogger) {}

  /** Queues `job`; answers false (and drops it) when too much is already waiting. */
  push(name: string, job: () => Promise<void>): boolean {
    if (this.pending >= MAX_PENDING) {
      this.log.warn({ job: name }, 'background queue full, job dropped');
      return false;
    }
    this.pending++;
    // setImmediate: start only once the answer is written. PGlite runs its queries on this thread,
    // so a job begun at once would hold the answer back by exactly the work it was meant to hide.
    this.tail = this.tail.then(() => new Promise<void>((r) => setImmediate(r))).then(job).catch((err: unknown) => {
      this.log.error({ job: name, err }, 'background job failed');
    }).finally(() => { this.pending--; });
    return true;
  }

  /** Resolves once every job queued so far has finished. */
  idle(): Promise<void> {
    return this.tail;
  }
}

const queues = new WeakMap<Services, BackgroundQueue>();

/** Creates the app's queue; closing the app waits for the jobs already queued (a mail is not lost on SIGTERM). */
export function startResetQueue(app: FastifyInstance, s: Services): BackgroundQueue {
  const queue = new BackgroundQueue(app.log);
  queues.set(s, queue);
  app.addHook('onClose', () => queue.idle());
  return queue;
}

/** The app's queue (tests wait on it with `idle()`). */
export function resetQueueOf(s: Services): BackgroundQueue {
  const queue = queues.get(s);
  if (!queue) throw new Error('the reset queue is started with the auth routes');
  return queue;
}
