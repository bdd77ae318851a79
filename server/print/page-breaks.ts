/**
 * Where a printed ticket may break to a new page (docs/terminal.md, Printed tickets). pdfmake
 * breaks wherever a page fills; these rules keep what belongs together on one page:
 * - a section whose content is bounded (parties, product, measurement, short remarks) is one
 *   `unbreakable` block with its title; a list (entries, properties) may run over, its title and
 *   column headings repeated above the rows on each page and kept with the first row;
 * - the title of any other section (`headlineLevel: 1`) never ends a page;
 * - the closing block (certification and signatures) is never split, and never starts a page
 *   alone: when it would, the section before it moves to the new page with it, so the signatures
 *   sign something.
 * pdfmake lays the document out again after each break this asks for, and asks about each node
 * once, in document order (node_modules/pdfmake/js/LayoutBuilder.js, `layoutDocument`). The
 * closing block is not `unbreakable`: pdfmake reports the nodes of an unbreakable block where they
 * were measured, not where the block lands, and these rules need the real pages. An unbreakable
 * block must also fit on one page (pdfmake drops the rest of a longer one), so only blocks of a
 * bounded size are unbreakable.
 */
import type { Content, ContentText, Node, NodeQueries } from 'pdfmake/interfaces';

/** The id of the closing block, which is kept whole and must not stand alone on a page. */
export const CLOSING = 'closing';
export const SECTION_TITLE = 1;

/**
 * Sections are marked `headlineLevel: 1`: a bounded section on its unbreakable block, another on
 * its title. The block's own node is laid out outside the block, so a break before it moves it whole.
 */
export function pageBreakBefore(node: Node, nodes: NodeQueries): boolean {
  // The closing block runs over a page: it starts on the next one instead.
  if (node.id === CLOSING) return node.pageNumbers.length > 1;
  if (node.headlineLevel !== SECTION_TITLE) return false;
  const following = nodes.getFollowingNodesOnPage();
  if (!node.stack && !following.length) return true;
  // The last section of a page, when the closing block is the first thing on the next page (so it
  // would stand there alone), goes over with it. Nodes come in document order.
  if (following.some((n) => n.headlineLevel === SECTION_TITLE) || !nodes.getPreviousNodesOnPage().length) return false;
  return nodes.getNodesOnNextPage()[0]?.id === CLOSING;
}

/** A titled section: bounded content is kept on one page with its title; other content may run over, its title staying with it. */
export function section(title: ContentText, content: Content, bounded: boolean): Content {
  return bounded
    ? { stack: [title, content], unbreakable: true, headlineLevel: SECTION_TITLE }
    : { stack: [{ ...title, headlineLevel: SECTION_TITLE }, content] };
}
