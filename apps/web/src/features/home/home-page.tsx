import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../auth/session-store';
import { ChevronRightIcon } from '../../components/icons';
import { navItemsFor } from '../../components/nav-items';
import { PageTitle } from '../../components/page-title';
import { cardClass } from '../../components/ui';

/** Home: who is signed in, and a card for each section their role can open. */
export function HomePage() {
  const { t } = useTranslation();
  const { user, role } = useSession();
  const sections = navItemsFor(role).filter((item) => item.to !== '/');

  return (
    <div className="space-y-8">
      <PageTitle title={t('home.title')} />
      <div>
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">
          {t('home.greeting', { username: user?.username ?? '' })}
        </h1>
        <p className="mt-1 text-sm text-slate-600">
          {t('home.signedInAs', { role: t(`roles.${role}`) })}{' '}
          {user?.timezone && t('home.timezone', { timezone: user.timezone })}
        </p>
      </div>

      <section aria-labelledby="home-sections">
        <h2 id="home-sections" className="text-sm font-semibold text-slate-900">
          {t('home.sections')}
        </h2>
        {sections.length === 0 ? (
          <p className="mt-3 text-sm text-slate-600">{t('home.noSections')}</p>
        ) : (
          <ul className="mt-3 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {sections.map((item) => (
              <li key={item.to}>
                <Link
                  to={item.to}
                  className={`${cardClass} group flex items-center gap-4 p-5 hover:ring-indigo-300 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600`}
                >
                  <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-indigo-50 text-indigo-600">
                    <item.icon className="size-5" />
                  </span>
                  <span className="min-w-0 flex-1">
                    <span className="block text-sm font-semibold text-slate-900">{t(`nav.${item.labelKey}`)}</span>
                    {item.descriptionKey && (
                      <span className="mt-0.5 block text-sm text-slate-500">{t(item.descriptionKey)}</span>
                    )}
                  </span>
                  <ChevronRightIcon className="size-4 text-slate-400 group-hover:text-indigo-600" />
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
