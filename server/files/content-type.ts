/** What kind of file an upload really is (magic bytes, not its name), and which kinds we take at all. */
import { fileTypeFromBuffer } from 'file-type';

/** Types we accept at all; a route or a file field narrows this further with its own `accept`. */
export const ALLOWED_TYPES = new Set([
  'application/pdf', 'image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/tiff',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/zip', 'text/csv', 'text/plain', 'application/xml',
]);

/** Text formats have no magic bytes: accept them when the content is UTF-8 text without NULs. */
function sniffText(buf: Buffer, name: string): string | undefined {
  const sample = buf.subarray(0, 64 * 1024);
  if (sample.includes(0)) return undefined;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(sample);
  } catch {
    return undefined;
  }
  if (/\.csv$/i.test(name)) return 'text/csv';
  if (/\.xml$/i.test(name) || sample.toString('utf8').trimStart().startsWith('<?xml')) return 'application/xml';
  return 'text/plain';
}

export async function detectType(buf: Buffer, name: string): Promise<string | undefined> {
  const detected = await fileTypeFromBuffer(buf);
  if (detected) return detected.mime === 'application/xml' ? 'application/xml' : detected.mime;
  return sniffText(buf, name);
}
