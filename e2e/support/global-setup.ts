/** Once per run: the local mail server the app sends to (./mail-sink.ts); its teardown stops it. */
import { startMailSink } from './mail-sink';

export default async function globalSetup() {
  return startMailSink();
}
