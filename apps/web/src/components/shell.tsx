import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { useSession } from '../auth/session-store';
import { CloseIcon, MenuIcon } from './icons';
import { LogoMark } from './logo-mark';
import { ModalDialog } from './modal-dialog';
import { useNavItems, type ShownNavItem } from './nav-items';
import { UserMenu } from './user-menu';

function Brand() {
  const { t } = useTranslation();
  return (
    <div className="flex h-16 shrink-0 items-center gap-3 px-6">
      <LogoMark tileClass="size-8 rounded-lg bg-indigo-500" iconClass="size-6" />
      <span className="leading-tight">
        <span className="block text-base font-semibold text-white">{t('app.name')}</span>
        <span className="block text-xs text-slate-400">{t('app.tagline')}</span>
      </span>
    </div>
  );
}

function NavList({ items, testId, onNavigate }: { items: ShownNavItem[]; testId: string; onNavigate?: () => void }) {
  const { t } = useTranslation();
  return (
    <nav
      aria-label={t('nav.main')}
      data-testid={testId}
      className="flex min-h-0 flex-1 flex-col overflow-y-auto px-4 py-4"
    >
      <ul className="space-y-1">
        {items.map((item) => (
          <li key={item.to}>
            <NavLink
              to={item.to}
              end={item.end}
              onClick={onNavigate}
              className={({ isActive }) =>
                `group flex items-center gap-x-3 rounded-md px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-indigo-400 ${
                  isActive ? 'bg-slate-800 text-white' : 'text-slate-300 hover:bg-slate-800 hover:text-white'
                }`
              }
            >
              <item.icon className="size-5 shrink-0" />
              {t(`nav.${item.labelKey}`)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * The frame of every signed-in screen (docs/architecture.md): a sidebar on wide screens, a slide-over menu
 * on narrow ones, and a top bar with the user menu.
 */
export function Shell({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { role } = useSession();
  const [menuOpen, setMenuOpen] = useState(false);
  const items = useNavItems(role);

  // The slide-over is for narrow windows (lg:hidden): one widened past them closes it, else the
  // hidden dialog would keep the page inert.
  useEffect(() => {
    if (!menuOpen) return;
    const wide = window.matchMedia('(min-width: 64rem)');
    const closeIfWide = () => {
      if (wide.matches) setMenuOpen(false);
    };
    closeIfWide();
    wide.addEventListener('change', closeIfWide);
    return () => wide.removeEventListener('change', closeIfWide);
  }, [menuOpen]);

  return (
    <div className="min-h-dvh bg-slate-50">
      <a
        href="#main"
        className="sr-only rounded-md bg-white px-3 py-2 text-sm font-semibold text-indigo-700 focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50"
      >
        {t('app.skipToContent')}
      </a>

      <ModalDialog
        open={menuOpen}
        onClose={() => setMenuOpen(false)}
        aria-label={t('nav.menu')}
        data-testid="mobile-menu"
        className="fixed inset-0 m-0 size-full max-h-none max-w-none bg-transparent open:flex lg:hidden backdrop:bg-slate-900/60 backdrop:transition-opacity backdrop:duration-200 backdrop:ease-linear starting:backdrop:opacity-0"
      >
        <div className="relative mr-16 flex w-full max-w-xs flex-1 flex-col bg-slate-900 transition duration-200 ease-in-out starting:-translate-x-full">
          <div className="absolute top-0 left-full flex w-16 justify-center pt-4">
            <button
              type="button"
              onClick={() => setMenuOpen(false)}
              className="-m-2.5 rounded-md p-2.5 text-white focus-visible:outline-2 focus-visible:outline-white"
            >
              <span className="sr-only">{t('nav.closeMenu')}</span>
              <CloseIcon className="size-6" />
            </button>
          </div>
          <Brand />
          <NavList items={items} testId="mobile-nav" onNavigate={() => setMenuOpen(false)} />
        </div>
      </ModalDialog>

      <aside className="hidden bg-slate-900 lg:fixed lg:inset-y-0 lg:z-40 lg:flex lg:w-64 lg:flex-col">
        <Brand />
        <NavList items={items} testId="sidebar-nav" />
      </aside>

      <div className="lg:pl-64">
        <header className="sticky top-0 z-30 flex h-16 items-center gap-x-4 border-b border-slate-200 bg-white/95 px-4 shadow-xs backdrop-blur sm:px-6 lg:px-8">
          <button
            type="button"
            onClick={() => setMenuOpen(true)}
            data-testid="mobile-menu-button"
            className="-m-2.5 rounded-md p-2.5 text-slate-700 focus-visible:outline-2 focus-visible:outline-indigo-600 lg:hidden"
          >
            <span className="sr-only">{t('nav.openMenu')}</span>
            <MenuIcon className="size-6" />
          </button>
          <span className="text-sm font-semibold text-slate-900 lg:hidden">{t('app.name')}</span>
          <div className="ml-auto flex items-center">
            <UserMenu />
          </div>
        </header>
        <main id="main" tabIndex={-1} className="px-4 py-8 focus:outline-hidden sm:px-6 lg:px-8">
          <div className="mx-auto max-w-6xl">{children}</div>
        </main>
      </div>
    </div>
  );
}
