/** How a document is printed, apart from what it shows (the templates and their layouts both read it). */
export interface PrintOptions {
  /** Footer on every page (otherwise on the last page only, under the signatures). */
  forceFooter: boolean;
  printedAt: Date;
}
