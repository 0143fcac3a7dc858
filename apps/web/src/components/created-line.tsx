import { useTranslation } from 'react-i18next';
import { useSession } from '../auth/session-store';
import { formatDateTime } from '../lib/dates';

/** 'Created on <date> by <username>' (or without who, once they are gone), in the viewer's zone. */
export function CreatedLine({ record }: { record: { createdAt: string; user?: { username: string } | null } }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const date = formatDateTime(record.createdAt, user?.timezone);
  if (!date) return null;
  return (
    <p className="text-sm text-slate-500">
      {record.user ? t('common.createdBy', { date, username: record.user.username }) : t('common.createdOn', { date })}
    </p>
  );
}
