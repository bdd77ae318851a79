/** What every route handler and action may use; created once per app. */
import type { Config } from './config';
import type { Database } from './db/connection';
import type { Mailer } from './mail/mailer';

export interface Services {
  config: Config;
  database: Database;
  mailer: Mailer;
}
