import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { buttonClass } from './ui';

function describe(error: unknown): { status?: number; detail: string } {
  if (isRouteErrorResponse(error)) {
    const data: unknown = error.data;
    const message = typeof data === 'string' ? data : data instanceof Error ? data.message : '';
    return { status: error.status, detail: error.statusText || message };
  }
  if (error instanceof Error) return { detail: error.message };
  return { detail: typeof error === 'string' ? error : '' };
}

/**
 * The error screen of every route: the not-found page (spec §2) for unknown paths, and the same
 * layout for anything a screen throws.
 */
export function RouteError() {
  const { t } = useTranslation();
  const { status, detail } = describe(useRouteError());
  const notFound = status === 404;
  return (
    <main className="grid min-h-[60vh] place-items-center px-6 py-16 text-center" data-testid="route-error">
      <title>{t('app.pageTitle', { title: notFound ? t('errors.notFoundTitle') : t('errors.failureTitle') })}</title>
      <div>
        <p className="text-base font-semibold text-indigo-600">
          {notFound ? t('errors.notFoundCode') : (status ?? t('errors.errorCode'))}
        </p>
        <h1 className="mt-4 text-3xl font-semibold tracking-tight text-slate-900 sm:text-4xl">
          {notFound ? t('errors.notFoundTitle') : t('errors.failureTitle')}
        </h1>
        <p className="mt-4 text-base text-slate-600">{t('errors.unexpected')}</p>
        {detail && (
          <p className="mt-2 text-sm text-slate-500">
            <i>{detail}</i>
          </p>
        )}
        <div className="mt-8 flex justify-center">
          <Link to="/" className={buttonClass.primary}>
            {t('errors.goHome')}
          </Link>
        </div>
      </div>
    </main>
  );
}
