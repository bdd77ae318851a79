/** Several documents in one zip (`tickets.zip`, `bols.zip`), in the order given. */
import { ZipArchive } from 'archiver';

export interface NamedFile { filename: string; content: Buffer }

export async function zipFiles(files: readonly NamedFile[]): Promise<Buffer> {
  const archive = new ZipArchive({ zlib: { level: 6 } });
  const chunks: Buffer[] = [];
  archive.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve, reject) => { archive.on('end', () => resolve()); archive.on('error', reject); });
  for (const f of files) archive.append(f.content, { name: f.filename });
  await archive.finalize();
  await done;
  return Buffer.concat(chunks);
}
