/**
 * The element tree satori lays out, without React: satori reads `{ type, key, props: { style,
 * children } }` objects, which is all a React element is to it. `Style` names only the CSS these
 * reports use, so a misspelt property is a compile error instead of a silently ignored style.
 */

type Length = number | string;
type Color = string;

export interface Style {
  display?: 'flex' | 'none';
  flexDirection?: 'row' | 'column';
  flexGrow?: number;
  flexShrink?: number;
  flexWrap?: 'wrap' | 'nowrap';
  alignItems?: 'flex-start' | 'center' | 'flex-end' | 'stretch' | 'baseline';
  alignSelf?: 'flex-start' | 'center' | 'flex-end' | 'stretch';
  justifyContent?: 'flex-start' | 'center' | 'flex-end' | 'space-between';
  gap?: Length;
  boxSizing?: 'border-box';
  width?: Length;
  height?: Length;
  minWidth?: Length;
  minHeight?: Length;
  overflow?: 'hidden' | 'visible';
  margin?: Length;
  marginTop?: Length;
  marginBottom?: Length;
  padding?: Length;
  paddingTop?: Length;
  paddingBottom?: Length;
  paddingLeft?: Length;
  paddingRight?: Length;
  border?: string;
  borderTop?: string;
  borderBottom?: string;
  borderLeft?: string;
  borderRadius?: Length;
  backgroundColor?: Color;
  color?: Color;
  fontFamily?: string;
  fontSize?: number;
  fontWeight?: 400 | 700;
  lineHeight?: number;
  letterSpacing?: Length;
  whiteSpace?: 'normal' | 'pre-wrap';
  wordBreak?: 'normal' | 'break-word';
}

export type Child = Element | string;

export interface Element {
  type: 'div';
  /** Satori reports each laid-out node with its key (`onNodeDetected`): how a page finds its items' bottoms. */
  key?: string;
  props: { style: Style; children?: Child[] };
}

/** A box: `h(style, ...children)`. Every box is a flex container, as satori requires of any box with several children. */
export function h(style: Style, ...children: Child[]): Element {
  return { type: 'div', props: { style: { display: 'flex', ...style }, children } };
}

/** The same element carrying a key. */
export const keyed = (key: string, element: Element): Element => ({ ...element, key });
