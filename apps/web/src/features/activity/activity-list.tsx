import {
  AUDIT_ACTIONS,
  AUDIT_ENTITY_TYPES,
  DEFAULT_TIMEZONE,
  type AuditAction,
  type AuditEntityType,
  type AuditLog,
} from '@ritim/shared';
import { useQuery } from '@tanstack/react-query';
import type { ParseKeys } from 'i18next';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { auditLogListQuery } from '../../api/audit-logs';
import { everyoneQuery } from '../../api/people';
import { useSession } from '../../auth/session-store';
import { AuditChanges } from './audit-changes';
import type { Column } from '../../components/data-table';
import { FilterSelect } from '../../components/filter-select';
import { ListPage, type ListQuery } from '../../components/list-page';
import { buttonClass, inputClass } from '../../components/ui';
import { useLatestSearchParams } from '../../components/use-latest-search-params';
import { WithChoices } from '../../components/with-choices';
import { auditSentence } from '../../lib/audit-sentence';
import { parseDay } from '../../lib/dates';
import { fullName } from '../../lib/names';
import { dateTimeIn } from '../../lib/wall-clock';

/** Each section's name: the sidebar's where it has one. */
const SECTION_LABELS = {
  users: 'nav.users',
  groups: 'nav.groups',
  'message-groups': 'nav.messageGroups',
  locations: 'nav.locations',
  forms: 'nav.forms',
  lookups: 'nav.lookups',
  events: 'nav.events',
  'event-occurrences': 'nav.eventOccurrences',
  'form-submissions': 'audit.sections.formSubmissions',
  attendance: 'nav.attendance',
  closures: 'nav.closures',
  'message-logs': 'nav.messageLogs',
  auth: 'audit.sections.auth',
  'billing-policy': 'audit.sections.billingPolicy',
  'billing-accounts': 'audit.sections.billingAccounts',
  'billing-packages': 'audit.sections.billingPackages',
  'billing-invoices': 'audit.sections.billingInvoices',
  'billing-payments': 'audit.sections.billingPayments',
} as const satisfies Record<AuditEntityType, ParseKeys>;

/** The screen's filters, as the URL keeps them (?actorId=&entityType=&action=&from=&to=). */
export interface ActivityFilters {
  actorId?: number;
  entityType?: AuditEntityType;
  action?: AuditAction;
  from?: string;
  to?: string;
}

const FILTER_NAMES = ['actorId', 'entityType', 'action', 'from', 'to'] as const;

/** The filters a URL names; anything a hand-edited URL gets wrong is left out. */
export function readActivityFilters(params: URLSearchParams): ActivityFilters {
  const actorId = Number(params.get('actorId'));
  const entityType = params.get('entityType');
  const action = params.get('action');
  return {
    actorId: Number.isInteger(actorId) && actorId > 0 ? actorId : undefined,
    entityType: AUDIT_ENTITY_TYPES.find((type) => type === entityType),
    action: AUDIT_ACTIONS.find((known) => known === action),
    from: parseDay(params.get('from')),
    to: parseDay(params.get('to')),
  };
}

function useActivityFilters() {
  const [params, setParams] = useLatestSearchParams();
  const filters = readActivityFilters(params);
  const change = (changes: ActivityFilters) =>
    setParams((previous) => {
      const next = new URLSearchParams(previous);
      for (const name of FILTER_NAMES) {
        if (!(name in changes)) continue;
        const value = changes[name];
        if (value === undefined) next.delete(name);
        else next.set(name, String(value));
      }
      // Other filters, other pages.
      next.delete('page');
      return next;
    });
  return { filters, change };
}

const choiceTexts = { loading: 'common.loading', failed: 'calendar.choicesFailed' } as const;

function DayFilter({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string | undefined;
  onChange: (day: string | undefined) => void;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-900">
        {label}
      </label>
      <input
        id={id}
        type="date"
        className={`${inputClass} mt-2`}
        value={value ?? ''}
        onChange={(event) => onChange(parseDay(event.target.value))}
      />
    </div>
  );
}

/** By person, section, action and days, all in the URL like every list's state. */
function ActivityFiltersBar({
  filters,
  onChange,
}: {
  filters: ActivityFilters;
  onChange: (changes: ActivityFilters) => void;
}) {
  const { t } = useTranslation();
  const people = useQuery(everyoneQuery());
  const any = Object.values(filters).some((value) => value !== undefined);
  return (
    <fieldset className="grid w-full grid-cols-2 items-end gap-4 lg:grid-cols-3" data-testid="activity-filters">
      <legend className="sr-only">{t('audit.filters')}</legend>
      {/* One a row on a phone, but the two days side by side. */}
      <div className="col-span-2 sm:col-span-1">
        <WithChoices label={t('audit.person')} query={people} texts={choiceTexts}>
          {(data) => (
            <FilterSelect
              label={t('audit.person')}
              emptyLabel={t('audit.anyPerson')}
              value={filters.actorId}
              options={data.items.map((person) => ({
                value: person.id,
                label: person.name || person.surname ? `${fullName(person)} (${person.username})` : person.username,
              }))}
              onChange={(actorId) => onChange({ actorId })}
            />
          )}
        </WithChoices>
      </div>
      <div className="col-span-2 sm:col-span-1">
        <FilterSelect<AuditEntityType>
          label={t('audit.section')}
          emptyLabel={t('audit.anySection')}
          value={filters.entityType}
          options={AUDIT_ENTITY_TYPES.map((type) => ({ value: type, label: t(SECTION_LABELS[type]) }))}
          onChange={(entityType) => onChange({ entityType })}
        />
      </div>
      <div className="col-span-2 sm:col-span-1">
        <FilterSelect<AuditAction>
          label={t('audit.action')}
          emptyLabel={t('audit.anyAction')}
          value={filters.action}
          options={AUDIT_ACTIONS.map((action) => ({ value: action, label: t(`audit.actions.${action}`) }))}
          onChange={(action) => onChange({ action })}
        />
      </div>
      <DayFilter label={t('attendance.from')} value={filters.from} onChange={(from) => onChange({ from })} />
      <DayFilter label={t('events.to')} value={filters.to} onChange={(to) => onChange({ to })} />
      <div className="col-span-2 lg:col-span-1">
        <button
          type="button"
          className={buttonClass.secondary}
          disabled={!any}
          onClick={() =>
            onChange({ actorId: undefined, entityType: undefined, action: undefined, from: undefined, to: undefined })
          }
        >
          {t('calendar.clearFilters')}
        </button>
      </div>
    </fieldset>
  );
}

/**
 * Activity (`/activity`, admins; docs/domain.md#audit-log): every recorded change and sign-in,
 * newest first, each said in words in the viewer's language and zone, with what changed behind a
 * disclosure. Filtered by person, section, action and days.
 */
export function ActivityList() {
  const { t, i18n } = useTranslation();
  const { user } = useSession();
  const zone = user?.timezone ?? DEFAULT_TIMEZONE;
  const { filters, change } = useActivityFilters();

  const columns: Column<AuditLog>[] = [
    {
      key: 'at',
      header: t('common.when'),
      cell: (row) => <time dateTime={row.at}>{dateTimeIn(row.at, zone)}</time>,
      // On a phone the day and the time take two lines, so the table fits the card and never scrolls
      // sideways (a scroll box with nothing focusable in it would be out of a keyboard's reach).
      className: 'w-32 sm:w-40 tabular-nums whitespace-normal! sm:whitespace-nowrap!',
    },
    {
      key: 'what',
      header: t('audit.whatHappened'),
      cell: (row) => (
        <div className="space-y-1 whitespace-normal [overflow-wrap:anywhere]">
          <p className="text-slate-900" data-testid="audit-sentence">
            {auditSentence(row, t, { zone, language: i18n.language })}
          </p>
          <AuditChanges row={row} zone={zone} />
        </div>
      ),
      className: 'whitespace-normal!',
    },
  ];

  const query = (request: ListQuery) =>
    auditLogListQuery({ limit: request.limit, offset: request.offset, ...filters, timezone: zone });

  return (
    <ListPage
      title={t('nav.activity')}
      description={t('audit.description')}
      query={query}
      columns={columns}
      rowKey={(row) => row.id}
      rowLabel={(row) => `${t('common.number')} ${row.id}`}
      emptyText={t('audit.empty')}
      searchable={false}
      filtered={Object.values(filters).some((value) => value !== undefined)}
      toolbar={<ActivityFiltersBar filters={filters} onChange={change} />}
    />
  );
}
