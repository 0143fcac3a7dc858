import { useTranslation } from 'react-i18next';
import { EllipsisIcon } from './icons';
import { Menu, MenuButton, MenuItem, MenuItems } from './menu';

/** A row action: a link to another screen, or something done in place. */
export type RowAction =
  | { label: string; to: string; tone?: 'danger' }
  | { label: string; onSelect: () => void; tone?: 'danger'; disabled?: boolean };

const itemClass = (tone?: 'danger') =>
  `flex w-full items-center px-4 py-2 text-left text-sm data-disabled:opacity-50 ${
    tone === 'danger'
      ? 'text-red-700 data-focus:bg-red-50'
      : 'text-slate-700 data-focus:bg-slate-100 data-focus:text-slate-900'
  } data-focus:outline-hidden`;

/** The per-row menu of a list (keyboard: Enter/Space opens, arrows move, Escape closes). */
export function RowMenu({ label, actions }: { label: string; actions: RowAction[] }) {
  const { t } = useTranslation();
  return (
    <Menu>
      <MenuButton
        aria-label={t('list.rowActions', { name: label })}
        data-testid="row-menu-button"
        className="rounded-md p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600 data-open:bg-slate-100"
      >
        <EllipsisIcon className="size-5" />
      </MenuButton>
      <MenuItems
        gap={4}
        className="z-30 w-44 origin-top-right overflow-y-auto rounded-md bg-white py-1 shadow-lg ring-1 ring-slate-900/10 transition duration-100 ease-out focus:outline-hidden starting:scale-95 starting:opacity-0"
      >
        {actions.map((action) =>
          'to' in action ? (
            <MenuItem key={action.label} to={action.to} className={itemClass(action.tone)}>
              {action.label}
            </MenuItem>
          ) : (
            <MenuItem
              key={action.label}
              onSelect={action.onSelect}
              disabled={action.disabled}
              className={itemClass(action.tone)}
            >
              {action.label}
            </MenuItem>
          ),
        )}
      </MenuItems>
    </Menu>
  );
}
