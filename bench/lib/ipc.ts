/** Messages between the load generator (bench/api.ts) and the server process (bench/server.ts). */

export interface Ready {
  type: 'ready';
  port: number;
  companyId: number;
  /** Ids of the loaded rows: firstId..lastId. */
  firstId: number;
  lastId: number;
  loadSeconds: number;
  setupSeconds: number;
}
export interface RssResult { type: 'rss'; startMb: number; peakMb: number }
/** CPU time used by the server process so far, and SQL statements it has sent. */
export interface CpuResult { type: 'cpu'; micros: number; queries: number }
export type ChildMessage = Ready | RssResult | CpuResult | { type: 'drained' } | { type: 'rss-started' } | { type: 'error'; message: string };
export type ParentMessage = { type: 'cpu' } | { type: 'drain' } | { type: 'rss-start' } | { type: 'rss-stop' } | { type: 'close' };
