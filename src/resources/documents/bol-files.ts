/** The kinds of file a bill of lading comes as (docs/documents.md): a PDF, its text read, or a scan, read by a person. */
export const BOL_FILE_TYPES = ['application/pdf', 'image/png', 'image/jpeg', 'image/tiff'] as const;
export const BOL_FILE_BYTES = 20 * 1024 * 1024;
