import type { AttendanceStatus } from '@ritim/shared';
import { useTranslation } from 'react-i18next';
import { Bar, CartesianGrid, ComposedChart, Legend, Line, Tooltip, XAxis, YAxis } from 'recharts';
import { formatRate, monthLabel, monthsOf, type SummaryRow } from './attendance-values';

/**
 * The Attendance screen's chart (Recharts, in a chunk of its own that the screen loads after its
 * table): per month of the range, the marks stacked by status and the rate as a line.
 */

/** Each mark's colour, the badges' (components/attendance-badge.tsx) a shade stronger. */
const SERIES: { key: AttendanceStatus | 'unmarked'; colour: string }[] = [
  { key: 'present', colour: '#16a34a' },
  { key: 'late', colour: '#f59e0b' },
  { key: 'absent', colour: '#dc2626' },
  { key: 'excused', colour: '#0369a1' },
  { key: 'cancelled', colour: '#64748b' },
  { key: 'lateCancelled', colour: '#c2410c' },
  { key: 'unmarked', colour: '#cbd5e1' },
];
const RATE_COLOUR = '#4338ca';

/** The legend: each series' colour (decorative) and its name in the user's language. */
function ChartLegend() {
  const { t } = useTranslation();
  const items = [
    ...SERIES.map(({ key, colour }) => ({ name: t(`attendance.statuses.${key}`), colour, line: false })),
    { name: t('attendance.rate'), colour: RATE_COLOUR, line: true },
  ];
  return (
    <ul className="mt-2 flex flex-wrap justify-center gap-x-4 gap-y-1 text-xs text-slate-700">
      {items.map((item) => (
        <li key={item.name} className="flex items-center gap-1.5">
          <span
            aria-hidden="true"
            className={item.line ? 'h-0.5 w-3.5' : 'size-3 rounded-sm'}
            style={{ backgroundColor: item.colour }}
          />
          {item.name}
        </li>
      ))}
    </ul>
  );
}

export default function AttendanceChart({ rows, from, to }: { rows: readonly SummaryRow[]; from: string; to: string }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const byMonth = new Map(rows.map((row) => [String(row.key.id), row]));
  const data = monthsOf(from, to).map((month) => {
    const row = byMonth.get(month);
    return {
      month: monthLabel(month, locale),
      ...Object.fromEntries(SERIES.map(({ key }) => [key, row?.[key] ?? 0])),
      rate: row?.rate === null || row?.rate === undefined ? null : Math.round(row.rate * 100),
    };
  });
  return (
    <ComposedChart
      data={data}
      responsive
      style={{ width: '100%', height: 300 }}
      margin={{ top: 8, right: 0, bottom: 0, left: -16 }}
      title={t('attendance.chartDescription')}
    >
      <CartesianGrid stroke="#e2e8f0" vertical={false} />
      <XAxis dataKey="month" tick={{ fontSize: 12, fill: '#475569' }} />
      <YAxis yAxisId="marks" allowDecimals={false} tick={{ fontSize: 12, fill: '#475569' }} />
      <YAxis
        yAxisId="rate"
        orientation="right"
        domain={[0, 100]}
        tickFormatter={(value: number) => formatRate(value / 100, locale)}
        tick={{ fontSize: 12, fill: '#475569' }}
      />
      <Tooltip
        formatter={(value, name, item) =>
          item.dataKey === 'rate' && typeof value === 'number'
            ? [formatRate(value / 100, locale), name]
            : [String(value), name]
        }
      />
      <Legend content={<ChartLegend />} />
      {SERIES.map(({ key, colour }) => (
        <Bar
          key={key}
          dataKey={key}
          name={t(`attendance.statuses.${key}`)}
          yAxisId="marks"
          stackId="marks"
          fill={colour}
          isAnimationActive={false}
        />
      ))}
      <Line
        dataKey="rate"
        name={t('attendance.rate')}
        yAxisId="rate"
        type="monotone"
        stroke={RATE_COLOUR}
        strokeWidth={2}
        dot={{ r: 3 }}
        connectNulls
        isAnimationActive={false}
      />
    </ComposedChart>
  );
}
