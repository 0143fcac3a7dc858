import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageTitle } from './page-title';
import { buttonClass } from './ui';

/** A full-width message with a code, a heading, the spec's explanation line and the way home. */
export function StatusScreen({
  code,
  title,
  text,
  detail,
  testId,
  landmark = false,
}: {
  code: string | number;
  title: string;
  text: string;
  detail?: string;
  testId: string;
  /** The page's main landmark: true where no shell surrounds it (the shell has its own <main>). */
  landmark?: boolean;
}) {
  const { t } = useTranslation();
  const Wrapper = landmark ? 'main' : 'div';
  return (
    <Wrapper className="grid min-h-[60vh] place-items-center px-6 py-16 text-center" data-testid={testId}>
      <PageTitle title={title} />
      <div>
        <p className="text-base font-semibold text-indigo-600">{code}</p>
        <h1 className="mt-4 text-3xl font-semibold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
        <p className="mt-4 text-base text-slate-600">{text}</p>
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
    </Wrapper>
  );
}
