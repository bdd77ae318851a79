/**
 * PDF rendering with pdfmake 0.3 on the server. Fonts are the Roboto files bundled in the pdfmake
 * package (full Unicode: °, ³, é...), read from disk; nothing is fetched at runtime, and the access
 * policies refuse every other local file and every URL a document might name.
 */
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import pdfmake from 'pdfmake';
import type { TDocumentDefinitions } from 'pdfmake/interfaces';

const require = createRequire(import.meta.url);
const fontDir = dirname(require.resolve('pdfmake/fonts/Roboto/Roboto-Regular.ttf'));

pdfmake.setFonts({
  Roboto: {
    normal: `${fontDir}/Roboto-Regular.ttf`,
    bold: `${fontDir}/Roboto-Medium.ttf`,
    italics: `${fontDir}/Roboto-Italic.ttf`,
    bolditalics: `${fontDir}/Roboto-MediumItalic.ttf`,
  },
});
pdfmake.setLocalAccessPolicy((path) => path.startsWith(fontDir));
pdfmake.setUrlAccessPolicy(() => false);

export async function renderPdf(doc: TDocumentDefinitions): Promise<Buffer> {
  return pdfmake.createPdf({ defaultStyle: { font: 'Roboto', fontSize: 8.5 }, ...doc }).getBuffer();
}
