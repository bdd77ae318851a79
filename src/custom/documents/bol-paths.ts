/** The bill of lading documents' screens (docs/documents.md, Screens): a document and a file are named by `?id=`, as the routes have no place for it. */
import { buildPath } from '../../routes/params';
import { ROUTES } from '../../routes/table';

export const bolListPath = () => buildPath(ROUTES.bolList.path);
export const bolUploadPath = () => buildPath(ROUTES.bolUpload.path);
export const bolDetailPath = (id: number | string) => `${buildPath(ROUTES.bolDetail.path)}?id=${encodeURIComponent(String(id))}`;
export const bolAttachmentPath = (id: number | string) => `${buildPath(ROUTES.bolAttachment.path)}?id=${encodeURIComponent(String(id))}`;
