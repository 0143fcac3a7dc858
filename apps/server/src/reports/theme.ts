import { type Element, h, type Style } from './element.js';

/**
 * The look both reports share. They are read on a phone, where a 1080 px image is shown about
 * 360-400 px wide: body text is 36 px so it still reads as 12-13 px, labels (30 px) are never
 * lighter than 4.5:1 against their background, and labels sit in a narrow column beside their
 * values, so a short answer costs one line and a long one wraps in its own column. No text is
 * upper-cased: CSS upper-casing is not Turkish-aware (i would become I, not İ).
 */

export const REPORT_WIDTH = 1080;

export const colors = {
  page: '#eef1f5',
  band: '#12355b',
  bandText: '#ffffff',
  bandMuted: '#c5d6ea',
  card: '#ffffff',
  cardBorder: '#d5dde7',
  text: '#111827',
  muted: '#4b5563',
  rule: '#e5e9ef',
  notes: '#fff6dc',
  notesBar: '#d99a00',
} as const;

/** Pixels of the page's side margins and of the space between cards. */
export const GAP = 28;

/** Text that wraps at spaces, breaks a word longer than the line, and keeps the writer's line breaks: nothing is ever cut off. */
export const text = (style: Style, content: string): Element =>
  h({ whiteSpace: 'pre-wrap', wordBreak: 'break-word', ...style }, content);

/** Width of a label column: about 15 characters of label a line, beside its value. */
const LABEL_WIDTH = 260;

/**
 * A label beside its value, both starting on the same line; a long value wraps in its own column,
 * so the labels stay a scannable column and a row costs one line, not two.
 */
function labelled(label: string, value: string, labelColor: string, valueColor: string): Element {
  return h(
    { gap: 24, marginTop: 14 },
    // 1.68 x 30 px gives the label the value's 50 px line, so their first lines share a baseline.
    text({ width: LABEL_WIDTH, flexShrink: 0, fontSize: 30, lineHeight: 1.68, color: labelColor }, label),
    text({ flexGrow: 1, flexShrink: 1, minWidth: 0, fontSize: 36, lineHeight: 1.4, color: valueColor }, value),
  );
}

export interface HeaderLine {
  label: string;
  value: string;
}

/** The dark band on top: a small line saying what the report is, the big title, summary lines, then labelled facts. */
export function headerBand(
  eyebrow: string,
  title: string,
  lines: readonly HeaderLine[],
  summary: readonly string[] = [],
): Element {
  return h(
    {
      flexDirection: 'column',
      boxSizing: 'border-box',
      width: REPORT_WIDTH,
      padding: '48px 48px 44px',
      backgroundColor: colors.band,
      color: colors.bandText,
    },
    text({ fontSize: 30, fontWeight: 700, color: colors.bandMuted, lineHeight: 1.3 }, eyebrow),
    text({ fontSize: 56, fontWeight: 700, lineHeight: 1.2, marginTop: 8, marginBottom: 10 }, title),
    ...summary.map((line) => text({ fontSize: 38, fontWeight: 700, lineHeight: 1.3, marginTop: 8 }, line)),
    ...lines.map(({ label, value }) => labelled(label, value, colors.bandMuted, colors.bandText)),
  );
}

/** A white card holding one guest or one session. */
export const card = (...children: Element[]): Element =>
  h(
    {
      flexDirection: 'column',
      boxSizing: 'border-box',
      width: '100%',
      padding: '32px 40px 36px',
      backgroundColor: colors.card,
      border: `2px solid ${colors.cardBorder}`,
      borderRadius: 24,
    },
    ...children,
  );

/** A card's title line, with a rule under it when fields follow. */
export const cardTitle = (title: string, ruled: boolean): Element =>
  text(
    {
      fontSize: 42,
      fontWeight: 700,
      lineHeight: 1.25,
      color: colors.text,
      ...(ruled ? { paddingBottom: 18, marginBottom: 6, borderBottom: `2px solid ${colors.rule}` } : {}),
    },
    title,
  );

/** An answer under its field's label. */
export const fieldRow = (label: string, value: string): Element => labelled(label, value, colors.muted, colors.text);

/** Notes stand out: a tinted block with a bar on its left, the text as large as any answer. */
export const notesBlock = (label: string, value: string): Element =>
  h(
    {
      flexDirection: 'column',
      marginTop: 22,
      padding: '18px 26px 22px',
      backgroundColor: colors.notes,
      borderLeft: `10px solid ${colors.notesBar}`,
      borderRadius: 12,
    },
    text({ fontSize: 28, fontWeight: 700, color: colors.muted, lineHeight: 1.3 }, label),
    text({ fontSize: 36, lineHeight: 1.45, color: colors.text, marginTop: 4 }, value),
  );

/** A line on its own: the empty state, or '… and N more'. */
export const noticeLine = (message: string): Element =>
  card(text({ fontSize: 36, fontWeight: 700, lineHeight: 1.4, color: colors.muted }, message));
