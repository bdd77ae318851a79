/** Uploads one file to POST /api/files/ (multipart, field `file`); the answer's id is stored on the record. */
import { HttpError } from 'react-admin';
import { currentToken } from './api-fetch';

export interface StoredFile { id: string; name: string; content_type: string; size: number }

export async function uploadFile(file: File): Promise<StoredFile> {
  const form = new FormData();
  form.append('file', file, file.name);
  const token = currentToken();
  const res = await fetch('/api/files/', { method: 'POST', body: form, headers: token ? { Authorization: `Token ${token}` } : {} });
  const body: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    const detail = body && typeof body === 'object' && 'detail' in body && typeof body.detail === 'string' ? body.detail : 'The upload failed.';
    throw new HttpError(detail, res.status, body);
  }
  return body as StoredFile;
}
