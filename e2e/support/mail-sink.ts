/**
 * A local mail server for the browser tests: the app's mails (SMTP_URL points here) are kept as
 * files in MAIL_DIR, one each, so a test reads the invitation or reset link a person would click.
 * Started once for the run by e2e/support/global-setup.ts. Nothing leaves the machine.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';

export const MAIL_PORT = Number(process.env.E2E_MAIL_PORT ?? Number(process.env.E2E_PORT ?? 8765) + 8);
export const MAIL_DIR = join(tmpdir(), `e2e-mail-${MAIL_PORT}`);

export async function startMailSink(): Promise<() => Promise<void>> {
  mkdirSync(MAIL_DIR, { recursive: true });
  let n = 0;
  const server = new SMTPServer({
    authOptional: true, disabledCommands: ['STARTTLS'], logger: false,
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address).join(',');
        writeFileSync(join(MAIL_DIR, `${Date.now()}-${++n}.eml`), `X-Envelope-To: ${to}\r\n${Buffer.concat(chunks).toString('utf8')}`);
        done();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(MAIL_PORT, '127.0.0.1', () => resolve());
  });
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}

/** The mails sent to `to` so far, oldest first, as their raw text with soft line breaks undone. */
export function mailsTo(to: string): string[] {
  return readdirSync(MAIL_DIR).sort((a, b) => Number(a.split('-')[0]) - Number(b.split('-')[0]) || a.localeCompare(b))
    .map((f) => readFileSync(join(MAIL_DIR, f), 'utf8'))
    .filter((m) => m.startsWith(`X-Envelope-To: ${to}`))
    .map((m) => m.replace(/=\r?\n/g, '').replace(/=3D/g, '='));
}
