import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { Menu, MenuButton, MenuItem, MenuItems } from './menu';

function renderMenu() {
  const chosen = vi.fn<(name: string) => void>();
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <>
            <Menu>
              <MenuButton>Actions</MenuButton>
              <MenuItems gap={4}>
                <MenuItem onSelect={() => chosen('Edit')}>Edit</MenuItem>
                <MenuItem onSelect={() => chosen('Archive')} disabled>
                  Archive
                </MenuItem>
                <MenuItem onSelect={() => chosen('Copy')}>Copy</MenuItem>
                <MenuItem to="/elsewhere">Delete</MenuItem>
              </MenuItems>
            </Menu>
            <button type="button">After</button>
          </>
        ),
      },
      { path: '/elsewhere', element: <h1>Elsewhere</h1> },
    ],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
  return { chosen, button: screen.getByRole('button', { name: 'Actions' }), router };
}

/** The item the menu points at (aria-activedescendant), by its text. */
const activeItem = () => {
  const id = screen.getByRole('menu').getAttribute('aria-activedescendant');
  return id ? document.getElementById(id)?.textContent : null;
};

describe('Menu', () => {
  it('opens from the keyboard on the first item, moves past disabled items, and Escape gives the focus back', async () => {
    const user = userEvent.setup();
    const { button } = renderMenu();
    expect(button.getAttribute('aria-haspopup')).toBe('menu');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    button.focus();
    await user.keyboard('{Enter}');
    const menu = screen.getByRole('menu');
    expect(document.activeElement).toBe(menu);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(menu.getAttribute('aria-labelledby')).toBe(button.id);
    expect(activeItem()).toBe('Edit');
    await user.keyboard('{ArrowDown}');
    expect(activeItem()).toBe('Copy');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(activeItem()).toBe('Delete');
    await user.keyboard('{Home}');
    expect(activeItem()).toBe('Edit');
    await user.keyboard('{End}{ArrowUp}');
    expect(activeItem()).toBe('Copy');
    expect(screen.getByRole('menuitem', { name: 'Archive' }).getAttribute('aria-disabled')).toBe('true');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it('opens on the last item with ArrowUp and jumps to an item by its first letter', async () => {
    const user = userEvent.setup();
    const { button } = renderMenu();
    button.focus();
    await user.keyboard('{ArrowUp}');
    expect(activeItem()).toBe('Delete');
    await user.keyboard('c');
    expect(activeItem()).toBe('Copy');
  });

  it('chooses the active item with Enter, closes, and gives the focus back', async () => {
    const user = userEvent.setup();
    const { button, chosen } = renderMenu();
    button.focus();
    await user.keyboard('{Enter}{ArrowDown}{Enter}');
    expect(chosen).toHaveBeenCalledExactlyOnceWith('Copy');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it('follows a link item chosen from the keyboard', async () => {
    const user = userEvent.setup();
    const { button, router } = renderMenu();
    button.focus();
    await user.keyboard('{ArrowUp}{Enter}');
    expect(router.state.location.pathname).toBe('/elsewhere');
    expect(await screen.findByRole('heading', { name: 'Elsewhere' })).toBeTruthy();
  });

  it('opens with a click on no item, ignores a disabled item and closes on a press outside', async () => {
    const user = userEvent.setup();
    const { button, chosen } = renderMenu();
    await user.click(button);
    expect(activeItem()).toBeNull();
    await user.click(screen.getByRole('menuitem', { name: 'Archive' }));
    expect(chosen).not.toHaveBeenCalled();
    expect(screen.getByRole('menu')).toBeTruthy();
    await user.click(document.body);
    expect(screen.queryByRole('menu')).toBeNull();
    await user.click(button);
    await user.click(screen.getByRole('menuitem', { name: 'Edit' }));
    expect(chosen).toHaveBeenCalledExactlyOnceWith('Edit');
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('closes on Tab, which goes on from the button', async () => {
    const user = userEvent.setup();
    const { button } = renderMenu();
    button.focus();
    await user.keyboard('{Enter}');
    await user.tab();
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'After' }));
  });
});
