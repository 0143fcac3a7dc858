import {
  createContext,
  useCallback,
  useContext,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ButtonHTMLAttributes,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { createPortal } from 'react-dom';
import { Link, type LinkProps } from 'react-router';

/**
 * A menu button (WAI-ARIA menu button pattern), small enough for the first screens: Enter, Space
 * or ArrowDown opens it on the first item, ArrowUp on the last; the arrows, Home and End move, a
 * letter jumps to an item; Enter or Space chooses; Escape closes; the focus goes back to the
 * button. As Headless UI did before it (without its 30 KB): the menu holds the focus and points at
 * the active item with aria-activedescendant, it is not modal (the page stays scrollable), and it
 * opens in a layer over the page, placed under the button's end and kept on screen, so a table's
 * scrolling box never cuts it off.
 */

type Opening = 'first' | 'last' | null;

interface MenuState {
  open: boolean;
  /** Which item the menu starts on: the first or last (from the keyboard), or none (a click). */
  opening: Opening;
  buttonId: string;
  menuId: string;
  /** The id of the item the menu points at. */
  active: string | null;
  setActive: (id: string | null) => void;
  show: (opening: Opening) => void;
  /** Closes; `focusButton` gives the focus back to the button. */
  close: (focusButton: boolean) => void;
}

const MenuContext = createContext<MenuState | null>(null);

function useMenu(): MenuState {
  const menu = useContext(MenuContext);
  if (!menu) throw new Error('A menu part must sit inside <Menu>');
  return menu;
}

/** The items that can be chosen, in order (disabled ones are skipped). */
function enabledItems(menu: HTMLElement | null): HTMLElement[] {
  return [...(menu?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])].filter(
    (item) => item.getAttribute('aria-disabled') !== 'true',
  );
}

export function Menu({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [opening, setOpening] = useState<Opening>(null);
  const [active, setActive] = useState<string | null>(null);
  const buttonId = useId();
  const menuId = useId();
  const show = useCallback((from: Opening) => {
    setOpening(from);
    setActive(null);
    setOpen(true);
  }, []);
  const close = useCallback(
    (focusButton: boolean) => {
      setOpen(false);
      setActive(null);
      if (focusButton) document.getElementById(buttonId)?.focus();
    },
    [buttonId],
  );
  const state = useMemo<MenuState>(
    () => ({ open, opening, buttonId, menuId, active, setActive, show, close }),
    [open, opening, buttonId, menuId, active, show, close],
  );
  return <MenuContext.Provider value={state}>{children}</MenuContext.Provider>;
}

export function MenuButton({
  className,
  children,
  ...rest
}: Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'onClick' | 'onKeyDown' | 'onKeyUp'>) {
  const menu = useMenu();
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const from: Opening | undefined = { Enter: 'first', ' ': 'first', ArrowDown: 'first', ArrowUp: 'last' }[
      event.key
    ] as Opening | undefined;
    if (!from) return;
    event.preventDefault();
    menu.show(from);
  };
  return (
    <button
      {...rest}
      type="button"
      id={menu.buttonId}
      aria-haspopup="menu"
      aria-expanded={menu.open}
      aria-controls={menu.open ? menu.menuId : undefined}
      data-open={menu.open ? '' : undefined}
      className={className}
      onClick={() => (menu.open ? menu.close(false) : menu.show(null))}
      onKeyDown={onKeyDown}
      // Space clicks a button on key-up; it has opened the menu already.
      onKeyUp={(event) => event.key === ' ' && event.preventDefault()}
    >
      {children}
    </button>
  );
}

/** Room kept between the menu and the window's edges (px). */
const EDGE = 8;

/**
 * Puts the menu under the button's end, `gap` px below it, or above it when there is more room
 * there; it slides along to stay on screen, and scrolls inside when it is taller than the room.
 */
function place(menu: HTMLElement, button: HTMLElement, gap: number) {
  const anchor = button.getBoundingClientRect();
  const width = document.documentElement.clientWidth;
  const height = document.documentElement.clientHeight;
  menu.style.maxHeight = '';
  const natural = menu.offsetHeight;
  const below = height - anchor.bottom - gap - EDGE;
  const above = anchor.top - gap - EDGE;
  const down = natural <= below || below >= above;
  const room = Math.max(down ? below : above, 0);
  const shown = Math.min(natural, room);
  if (natural > room) menu.style.maxHeight = `${room}px`;
  const left = Math.min(Math.max(anchor.right - menu.offsetWidth, EDGE), width - menu.offsetWidth - EDGE);
  menu.style.top = `${down ? anchor.bottom + gap : anchor.top - gap - shown}px`;
  menu.style.left = `${Math.max(left, 0)}px`;
}

/** How long typed letters add up to one search (ms), as in Headless UI. */
const TYPEAHEAD_MS = 350;

export function MenuItems({ className, gap, children }: { className?: string; gap: number; children: ReactNode }) {
  const menu = useMenu();
  const menuRef = useRef<HTMLDivElement>(null);
  const searchRef = useRef({ text: '', at: 0 });
  const { open, opening, buttonId, setActive, close } = menu;

  useLayoutEffect(() => {
    const element = menuRef.current;
    const button = document.getElementById(buttonId);
    if (!open || !element || !button) return;
    const update = () => place(element, button, gap);
    update();
    element.focus({ preventScroll: true });
    const items = enabledItems(element);
    const start = opening === 'first' ? items[0] : opening === 'last' ? items.at(-1) : undefined;
    if (start) setActive(start.id);
    // Not modal: a press anywhere else closes the menu; scrolling and resizing move it along.
    const pressOutside = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!element.contains(target) && !button.contains(target)) close(false);
    };
    document.addEventListener('pointerdown', pressOutside, true);
    window.addEventListener('scroll', update, true);
    window.addEventListener('resize', update);
    return () => {
      document.removeEventListener('pointerdown', pressOutside, true);
      window.removeEventListener('scroll', update, true);
      window.removeEventListener('resize', update);
    };
  }, [open, opening, gap, buttonId, setActive, close]);

  if (!open) return null;

  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = enabledItems(menuRef.current);
    const at = items.findIndex((item) => item.id === menu.active);
    const choose = (item: HTMLElement | undefined) => {
      event.preventDefault();
      if (item) setActive(item.id);
    };
    switch (event.key) {
      case 'ArrowDown':
        return choose(at === -1 ? items[0] : (items[at + 1] ?? items[at]));
      case 'ArrowUp':
        return choose(at === -1 ? items.at(-1) : (items[at - 1] ?? items[at]));
      case 'Home':
      case 'PageUp':
        return choose(items[0]);
      case 'End':
      case 'PageDown':
        return choose(items.at(-1));
      case 'Enter':
      case ' ': {
        event.preventDefault();
        const item = items[at];
        if (item) item.click();
        else close(true);
        return;
      }
      case 'Escape':
        event.preventDefault();
        return close(true);
      case 'Tab':
        // The Tab goes on from the button, as if the menu had not been opened.
        return close(true);
      default: {
        if (event.key.length !== 1 || event.ctrlKey || event.metaKey || event.altKey) return;
        const now = event.timeStamp;
        const last = searchRef.current;
        const text = (now - last.at < TYPEAHEAD_MS ? last.text : '') + event.key.toLowerCase();
        searchRef.current = { text, at: now };
        // A first letter looks from the next item on; more letters may still match the active one.
        const from = text.length === 1 ? at + 1 : Math.max(at, 0);
        const order = [...items.slice(from), ...items.slice(0, from)];
        return choose(order.find((item) => item.textContent?.trim().toLowerCase().startsWith(text)));
      }
    }
  };

  return createPortal(
    <div
      ref={menuRef}
      id={menu.menuId}
      role="menu"
      tabIndex={0}
      aria-labelledby={menu.buttonId}
      aria-activedescendant={menu.active ?? undefined}
      onKeyDown={move}
      // Placed by `place` (fixed, so the page's scrolling boxes do not clip it).
      style={{ position: 'fixed', top: 0, left: 0 }}
      className={className}
    >
      {children}
    </div>,
    document.body,
  );
}

type ItemProps = { className?: string; children: ReactNode; disabled?: boolean } & (
  | ({ to: LinkProps['to'] } & Omit<LinkProps, 'to' | 'className' | 'children' | 'onClick'>)
  | ({ onSelect: () => void } & Omit<
      ButtonHTMLAttributes<HTMLButtonElement>,
      'className' | 'children' | 'onClick' | 'onSelect' | 'disabled' | 'type'
    >)
);

/**
 * An item: a link (`to`) or an action (`onSelect`). The pointer over it makes it the active one
 * (`data-focus`, for styling); choosing it closes the menu.
 */
export function MenuItem({ className, children, disabled = false, ...target }: ItemProps) {
  const menu = useMenu();
  const id = useId();
  const active = menu.active === id;
  const common = {
    id,
    role: 'menuitem',
    tabIndex: -1,
    className,
    'aria-disabled': disabled || undefined,
    'data-disabled': disabled ? '' : undefined,
    'data-focus': active ? '' : undefined,
    onPointerMove: () => {
      if (!disabled && !active) menu.setActive(id);
    },
    onPointerLeave: () => {
      if (active) menu.setActive(null);
    },
  };
  const chosen = (event: { preventDefault: () => void }, act?: () => void) => {
    if (disabled) return event.preventDefault();
    act?.();
    // Back to the button unless the action took the focus somewhere (a dialog, another screen).
    const focus = document.activeElement;
    menu.close(!focus || focus === document.body || !!document.getElementById(menu.menuId)?.contains(focus));
  };
  if ('to' in target) {
    return (
      <Link {...target} {...common} onClick={(event) => chosen(event)}>
        {children}
      </Link>
    );
  }
  const { onSelect, ...rest } = target;
  return (
    <button {...rest} {...common} type="button" onClick={(event) => chosen(event, onSelect)}>
      {children}
    </button>
  );
}

/** A labelled group of items. */
export function MenuSection({
  heading,
  headingClass,
  children,
}: {
  heading: string;
  headingClass?: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <div role="group" aria-labelledby={id}>
      <div id={id} role="presentation" className={headingClass}>
        {heading}
      </div>
      {children}
    </div>
  );
}

export function MenuSeparator({ className }: { className?: string }) {
  return <div role="separator" className={className} />;
}
