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
  const names: Record<string, string> = {
    ...Object.fromEntries(SERIES.map(({ key }) => [key, t(`attendance.statuses.${key}`)])),
    rate: t('attendance.rate'),
  };
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
        formatter={(value, name) => [
          name === 'rate' && typeof value === 'number' ? formatRate(value / 100, locale) : String(value),
          names[String(name)] ?? String(name),
        ]}
      />
      <Legend formatter={(name: string) => <span className="text-xs text-slate-700">{names[name] ?? name}</span>} />
      {SERIES.map(({ key, colour }) => (
        <Bar key={key} dataKey={key} yAxisId="marks" stackId="marks" fill={colour} isAnimationActive={false} />
      ))}
      <Line
        dataKey="rate"
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
