import type { AttachmentBlock } from "./modelClient";

/**
 * The API scales an image down until its long edge is 1,568 px and it has about 1.15 megapixels,
 * which costs about 1,600 tokens (width × height / 750): the most any image costs, counted for
 * every one, since its size in pixels is not read here.
 */
export const IMAGE_TOKENS = 1_600;

/**
 * Each PDF page is sent as its text and as an image of the page: 1,500 to 3,000 tokens, the
 * upper end counted, for the pages the file names (`pdfPageCount`). A file whose pages are in
 * compressed streams is counted one page per 40 KB: a guess that errs towards more pages for
 * text PDFs (a few KB a page) and is close for scans. Either is capped at the 100 pages the API
 * takes in a request.
 */
const PDF_PAGE_TOKENS = 3_000;
const PDF_BYTES_PER_PAGE = 40_000;
const PDF_MAX_PAGES = 100;

/** A conservative estimate of what an attachment costs in the context window. */
export function attachmentTokens(block: AttachmentBlock): number {
	if (block.type === "image") return IMAGE_TOKENS;
	const bytes = Math.floor((block.data.length * 3) / 4);
	const pages = block.pages ?? Math.max(1, Math.ceil(bytes / PDF_BYTES_PER_PAGE));
	return Math.min(PDF_MAX_PAGES, pages) * PDF_PAGE_TOKENS;
}
