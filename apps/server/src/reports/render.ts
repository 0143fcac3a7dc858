import type { SatoriNode } from 'satori';
import { type Element, h, keyed } from './element.js';
import { FONT_FAMILY, reportFonts } from './fonts.js';
import { colors, GAP, REPORT_WIDTH } from './theme.js';

/**
 * Page -> SVG (satori: layout, text drawn as paths with the report fonts) -> JPEG (sharp). The
 * height follows the content up to a cap: past it, the last items give way to one '… and N more'
 * line, so a huge month never becomes a huge bitmap.
 */

/** Tallest image, in pixels (1080 x 20,000 is some 86 MB of RGBA while sharp draws it). */
export const MAX_HEIGHT = 20_000;
/** Good enough for text at phone size; mozjpeg's smaller files cost several times the encoding time. */
export const JPEG_QUALITY = 85;
/**
 * No item is shorter than this (a card's padding and border and one line of text come to over
 * 120 px), so a page lays out at most maxHeight / MIN_ITEM_HEIGHT items however many it has.
 */
const MIN_ITEM_HEIGHT = 100;
/** Room kept for the '… and N more' line when the first layout had none (checked by laying out again). */
const MORE_LINE_ROOM = 150;

/** What a report is before layout: the part always shown, then items that may be cut short. */
export interface Page {
  header: Element;
  items: readonly Element[];
  /** Shown instead of the items when there are none. */
  empty: Element;
  /** The line standing for `n` items left out. */
  more: (n: number) => Element;
}

export interface PageLayout {
  svg: string;
  height: number;
  /** How many of the page's items it holds. */
  shown: number;
}

const ITEM_KEY = 'item-';
const PAGE_KEY = 'page';

/** The whole page with its first `shown` items; `clipHeight` fixes the height and cuts the items short inside it. */
export function pageElement(page: Page, shown: number, clipHeight?: number): Element {
  const hidden = page.items.length - shown;
  const items = page.items.slice(0, shown).map((item, i) => keyed(`${ITEM_KEY}${i}`, item));
  const body = h(
    {
      flexDirection: 'column',
      gap: GAP,
      padding: `${GAP}px ${GAP}px 0`,
      ...(clipHeight === undefined ? {} : { flexShrink: 1, minHeight: 0, overflow: 'hidden' }),
    },
    ...(page.items.length === 0 ? [page.empty] : items),
  );
  const root = h(
    {
      flexDirection: 'column',
      boxSizing: 'border-box',
      width: REPORT_WIDTH,
      paddingBottom: GAP,
      backgroundColor: colors.page,
      color: colors.text,
      fontFamily: FONT_FAMILY,
      ...(clipHeight === undefined ? {} : { height: clipHeight }),
    },
    page.header,
    body,
    ...(hidden > 0 ? [h({ padding: `${GAP}px ${GAP}px 0`, flexShrink: 0 }, page.more(hidden))] : []),
  );
  return keyed(PAGE_KEY, root);
}

interface Measured extends PageLayout {
  /** Where each shown item ends, from the top of the page. */
  bottoms: number[];
}

interface SvgOptions {
  /** Fixed height; without it the SVG is as tall as the content. */
  height?: number;
  /** Called with each laid-out node (its key, position and size). */
  onNodeDetected?: (node: SatoriNode) => void;
}

/** An element as SVG, REPORT_WIDTH wide, its text drawn as paths in the report fonts. */
export async function svgOf(element: Element, options: SvgOptions = {}): Promise<string> {
  // Loaded on the first report, not at start-up (satori and sharp take some 0.3 s to load).
  const { default: satori } = await import('satori');
  // Satori's types ask for a React node; it reads the plain object the same way.
  return satori(element as unknown as Parameters<typeof satori>[0], {
    width: REPORT_WIDTH,
    fonts: await reportFonts(),
    ...options,
  });
}

async function draw(page: Page, shown: number, clipHeight?: number): Promise<Measured> {
  const bottoms: number[] = [];
  let height = 0;
  const svg = await svgOf(pageElement(page, shown, clipHeight), {
    ...(clipHeight === undefined ? {} : { height: clipHeight }),
    onNodeDetected: (node) => {
      if (node.key === PAGE_KEY) height = node.height;
      else if (typeof node.key === 'string' && node.key.startsWith(ITEM_KEY)) {
        bottoms[Number(node.key.slice(ITEM_KEY.length))] = node.top + node.height;
      }
    },
  });
  return { svg, height, shown, bottoms };
}

/** The page laid out as SVG, no taller than `maxHeight`. */
export async function layoutPage(page: Page, maxHeight = MAX_HEIGHT): Promise<PageLayout> {
  const total = page.items.length;
  let layout = await draw(page, Math.min(total, Math.ceil(maxHeight / MIN_ITEM_HEIGHT)));
  if (layout.height <= maxHeight) return layout;
  // Keep the items that end high enough to leave room for what comes after them (the '… and N
  // more' line and the bottom margin); lay out again to be sure, one item fewer if not.
  const after = layout.height - (layout.bottoms[layout.shown - 1] ?? 0) + (layout.shown === total ? MORE_LINE_ROOM : 0);
  for (let shown = layout.bottoms.filter((bottom) => bottom + after <= maxHeight).length; shown > 0; shown -= 1) {
    layout = await draw(page, shown);
    if (layout.height <= maxHeight) return layout;
  }
  // Not even the first item fits (a form of many long answers): show as much of it as the cap allows.
  return draw(page, Math.min(total, 1), maxHeight);
}

/** The page as a JPEG image, REPORT_WIDTH wide. */
export async function renderPage(page: Page, maxHeight = MAX_HEIGHT): Promise<Buffer> {
  const { svg } = await layoutPage(page, maxHeight);
  const { default: sharp } = await import('sharp');
  // The page's background covers the whole canvas, so the alpha channel is all opaque: dropping it
  // spares the flatten JPEG would do. Huffman optimisation saves some 12% of the bytes for about a
  // fifth of the encoding time; speed wins here.
  return sharp(Buffer.from(svg))
    .removeAlpha()
    .jpeg({ quality: JPEG_QUALITY, mozjpeg: false, optimiseCoding: false })
    .toBuffer();
}
