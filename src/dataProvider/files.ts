/**
 * File answers: saved under the server's file name, except PDFs, which open in a new tab
 * (docs/shell.md, Files: a bill of lading PDF opens in a new tab).
 */

export function fileNameOf(res: Response, fallback = 'download'): string {
  const cd = res.headers.get('content-disposition') ?? '';
  const star = /filename\*=UTF-8''([^;]+)/i.exec(cd);
  if (star) return decodeURIComponent(star[1]);
  const plain = /filename="?([^";]+)"?/i.exec(cd);
  return plain ? plain[1] : fallback;
}

/** Throws when the browser would not start the download (the caller shows "Browser denied file download..."). */
export async function deliverFile(res: Response): Promise<{ fileName: string; opened: 'tab' | 'download' }> {
  const blob = await res.blob();
  const fileName = fileNameOf(res);
  const url = URL.createObjectURL(blob);
  try {
    if (blob.type === 'application/pdf') {
      const tab = window.open(url, '_blank');
      if (!tab) throw new Error('Browser denied opening the document. Allow pop-ups for this site.');
      return { fileName, opened: 'tab' };
    }
    const a = document.createElement('a');
    a.href = url;
    a.download = fileName;
    document.body.appendChild(a);
    a.click();
    a.remove();
    return { fileName, opened: 'download' };
  } finally {
    // Give the new tab or the download time to read the blob before it is released.
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  }
}
