/**
 * Where a printed ticket may break to a new page (docs/terminal.md, Printed tickets). pdfmake
 * breaks wherever a page fills; these rules keep what belongs together on one page:
 * - a section whose content is bounded (parties, product, measurement) is one `unbreakable` block
 *   with its title; a list (entries, properties, remarks) may run over, its title kept with its
 *   first rows and its header row repeated;
 * - a section title (`headlineLevel: 1`) never ends a page;
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
import type { Content, Node, NodeQueries } from 'pdfmake/interfaces';

/** The id of the closing block, which is kept whole and must not stand alone on a page. */
export const CLOSING = 'closing';
export const SECTION_TITLE = 1;

export function pageBreakBefore(node: Node, nodes: NodeQueries): boolean {
  // The closing block runs over a page: it starts on the next one instead.
  if (node.id === CLOSING) return node.pageNumbers.length > 1;
  if (node.headlineLevel !== SECTION_TITLE) return false;
  const following = nodes.getFollowingNodesOnPage();
  if (!following.length) return true;
  // The last title of a page, when the closing block is the first thing on the next page (so it
  // would stand there alone), takes its section over to it. Nodes come in document order.
  if (following.some((n) => n.headlineLevel === SECTION_TITLE) || !nodes.getPreviousNodesOnPage().length) return false;
  return nodes.getNodesOnNextPage()[0]?.id === CLOSING;
}

/** A titled section: bounded content is kept on one page with its title; a list may run over, its title staying with it. */
export function section(title: Content, content: Content, bounded: boolean): Content {
  return bounded ? { stack: [title, content], unbreakable: true } : { stack: [title, content] };
}
