import { useTranslation } from 'react-i18next';
import { StatusScreen } from './status-screen';

/** Shown inside the shell when the signed-in role may not open the screen asked for. */
export function AccessDenied() {
  const { t } = useTranslation();
  return (
    <StatusScreen code={t('access.code')} title={t('access.title')} text={t('access.text')} testId="access-denied" />
  );
}
