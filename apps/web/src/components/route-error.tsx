import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { StatusScreen } from './status-screen';

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
 * The error screen of every route: the not-found page (docs/product.md §2) for unknown paths, and the same
 * layout for anything a screen throws.
 */
export function RouteError() {
  const { t } = useTranslation();
  const { status, detail } = describe(useRouteError());
  const notFound = status === 404;
  return (
    <StatusScreen
      landmark
      testId="route-error"
      code={notFound ? t('errors.notFoundCode') : (status ?? t('errors.errorCode'))}
      title={notFound ? t('errors.notFoundTitle') : t('errors.failureTitle')}
      text={t('errors.unexpected')}
      detail={detail}
    />
  );
}
