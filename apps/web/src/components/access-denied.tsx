import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageTitle } from './page-title';
import { buttonClass } from './ui';

/** Shown inside the shell when the signed-in role may not open the screen asked for. */
export function AccessDenied() {
  const { t } = useTranslation();
  return (
    <div className="grid min-h-[60vh] place-items-center px-6 py-16 text-center" data-testid="access-denied">
      <PageTitle title={t('access.title')} />
      <div>
        <p className="text-base font-semibold text-indigo-600">{t('access.code')}</p>
        <h1 className="mt-4 text-3xl font-semibold tracking-tight text-slate-900 sm:text-4xl">{t('access.title')}</h1>
        <p className="mt-4 text-base text-slate-600">{t('access.text')}</p>
        <div className="mt-8 flex justify-center">
          <Link to="/" className={buttonClass.primary}>
            {t('errors.goHome')}
          </Link>
        </div>
      </div>
    </div>
  );
}
