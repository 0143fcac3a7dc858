import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useSession } from '../auth/session-store';
import { changeLanguage, LANGUAGES } from '../i18n';
import { ChevronDownIcon, SignOutIcon, UserCircleIcon } from './icons';
import { Menu, MenuButton, MenuItem, MenuItems, MenuSection, MenuSeparator } from './menu';

const itemClass =
  'flex w-full items-center gap-2 px-4 py-2 text-left text-sm text-slate-700 data-focus:bg-slate-100 data-focus:text-slate-900 data-focus:outline-hidden';

/**
 * The top bar's user menu (docs/product.md §2): who is signed in, the language, My profile
 * (/users/{id}/my-profile) and Sign out.
 */
export function UserMenu() {
  const { t, i18n } = useTranslation();
  const { user, role } = useSession();
  const location = useLocation();
  const username = user?.username ?? '';
  return (
    <Menu>
      <MenuButton
        data-testid="user-menu-button"
        className="flex items-center gap-x-3 rounded-full p-1 text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600 sm:rounded-md sm:pr-2"
      >
        <span className="sr-only">{t('userMenu.open')}</span>
        <span
          aria-hidden="true"
          className="flex size-8 items-center justify-center rounded-full bg-indigo-100 text-sm font-semibold text-indigo-700 uppercase"
        >
          {username.slice(0, 1) || '?'}
        </span>
        <span className="hidden items-center gap-x-1 sm:flex">
          <span className="text-sm font-semibold text-slate-900">{username}</span>
          <ChevronDownIcon aria-hidden="true" className="size-4 text-slate-400" />
        </span>
      </MenuButton>
      <MenuItems
        gap={8}
        className="z-40 w-60 origin-top-right overflow-y-auto rounded-md bg-white py-1 shadow-lg ring-1 ring-slate-900/10 transition duration-100 ease-out focus:outline-hidden starting:scale-95 starting:opacity-0"
      >
        <div className="px-4 py-3" data-testid="user-menu-identity">
          <p className="text-xs text-slate-500">{t('userMenu.signedInAs')}</p>
          <p className="truncate text-sm font-semibold text-slate-900">{username}</p>
          <p className="text-xs text-slate-500">{t(`roles.${role}`)}</p>
        </div>
        <MenuSeparator className="my-1 h-px bg-slate-100" />
        <MenuSection heading={t('common.language')} headingClass="px-4 pt-2 pb-1 text-xs font-medium text-slate-500">
          {LANGUAGES.map((language) => (
            <MenuItem
              key={language}
              lang={language}
              aria-current={i18n.resolvedLanguage === language ? 'true' : undefined}
              onSelect={() => changeLanguage(language)}
              className={`${itemClass} aria-[current]:font-semibold`}
            >
              {t(`languages.${language}`)}
              {i18n.resolvedLanguage === language && <span aria-hidden="true">✓</span>}
            </MenuItem>
          ))}
        </MenuSection>
        <MenuSeparator className="my-1 h-px bg-slate-100" />
        {user?.id && (
          <MenuItem to={`/users/${encodeURIComponent(user.id)}/my-profile`} className={itemClass}>
            <UserCircleIcon className="size-4 text-slate-400" />
            {t('userMenu.myProfile')}
          </MenuItem>
        )}
        <MenuItem to="/logout" state={{ from: location.pathname + location.search }} className={itemClass}>
          <SignOutIcon className="size-4 text-slate-400" />
          {t('userMenu.signOut')}
        </MenuItem>
      </MenuItems>
    </Menu>
  );
}
