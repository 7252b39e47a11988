// 'Graphique': the rows on a dual-axis line chart (recharts): counts on the left ("Nombre
// d'occurences"), amounts on the right ('Montant en €'), one toggle per measure (connexions,
// commandes and ca shown at first), at most about 20 labels on the bottom axis, 2 000 ms transitions.
// The chart has an accessible name; its text alternative is the 'Tableau de données'. On a phone it
// keeps a readable width and scrolls sideways in its own frame: the contract's margins and both axes
// would otherwise leave the lines a few pixels wide.
import { useState } from 'react';
import { Chip, Group, VisuallyHidden } from '@mantine/core';
import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatEuros, formatInteger } from '@comptoir/shared/format';
import { STATISTICS_COLUMNS, type StatisticsRow } from '@comptoir/shared/statistics';
import { ScrollFrame } from '../../../../components/ui/scroll-frame';
import { STATISTICS_LABELS } from '../labels';

type Measure = 'connexions' | 'commandes' | 'ca' | 'camoyen' | 'premiereco';

const SERIES: { key: Measure; axis: 'left' | 'right'; color: string; shownAtFirst: boolean }[] = [
  { key: 'connexions', axis: 'left', color: '#1c7ed6', shownAtFirst: true },
  { key: 'commandes', axis: 'left', color: '#2b8a3e', shownAtFirst: true },
  { key: 'ca', axis: 'right', color: '#c92a2a', shownAtFirst: true },
  { key: 'camoyen', axis: 'right', color: '#e67700', shownAtFirst: false },
  { key: 'premiereco', axis: 'left', color: '#6741d9', shownAtFirst: false },
];
const isAmount = (key: Measure) => key === 'ca' || key === 'camoyen';

/**
 * The bottom axis' short form of a bucket label (the table and tooltip keep the whole one): a day
 * without its year, an hour alone, a week by its number; months as they are.
 */
function shortLabel(libelle: string): string {
  const day = /^(\d\d\/\d\d)\/\d{4}$/.exec(libelle);
  if (day) return day[1]!;
  const hour = /^\d\d\/\d\d\/\d{4} (\d\dh)/.exec(libelle);
  if (hour) return hour[1]!;
  const week = /^Semaine (\d+)/.exec(libelle);
  return week ? `S${week[1]}` : libelle;
}

/** Chart layout of the contract. */
export const CHART = {
  margin: { top: 10, right: 60, bottom: 30, left: 60 },
  transitionMs: 2000,
  maxLabels: 20,
  height: 360,
  /** The least width (px) a phone draws the chart at, scrolling it sideways. */
  phoneMinWidth: 560,
} as const;

export interface StatisticsChartProps {
  rows: readonly StatisticsRow[];
  /** The period in words, for the chart's accessible name. */
  period: string;
}

export function StatisticsChart({ rows, period }: StatisticsChartProps) {
  const [shown, setShown] = useState<string[]>(SERIES.filter((s) => s.shownAtFirst).map((s) => s.key));
  // Every n-th label so that at most about 20 show.
  const interval = Math.max(0, Math.ceil(rows.length / CHART.maxLabels) - 1);
  const name = STATISTICS_LABELS.chartName(period);
  return (
    <>
      <Chip.Group multiple value={shown} onChange={setShown}>
        <Group gap="xs" mb="sm" role="group" aria-label={STATISTICS_LABELS.measures}>
          {SERIES.map((s) => (
            <Chip key={s.key} value={s.key} color={s.color} variant="outline">
              {STATISTICS_COLUMNS[s.key]}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
      <ScrollFrame label={name} phoneMinWidth={CHART.phoneMinWidth}>
        <div role="img" aria-label={name} aria-describedby="statistics-chart-note">
          <ResponsiveContainer width="100%" height={CHART.height}>
            <LineChart data={[...rows]} margin={CHART.margin} accessibilityLayer={false}>
              <CartesianGrid strokeDasharray="3 3" />
              <XAxis
                dataKey="libelle"
                interval={interval}
                tick={{ fontSize: 12 }}
                tickFormatter={shortLabel}
              />
              <YAxis
                yAxisId="left"
                allowDecimals={false}
                label={{
                  value: STATISTICS_LABELS.leftAxis,
                  angle: -90,
                  position: 'insideLeft',
                  offset: -40,
                  style: { textAnchor: 'middle' },
                }}
              />
              <YAxis
                yAxisId="right"
                orientation="right"
                tickFormatter={(v: number) => formatInteger(v)}
                label={{
                  value: STATISTICS_LABELS.rightAxis,
                  angle: 90,
                  position: 'insideRight',
                  offset: -40,
                  style: { textAnchor: 'middle' },
                }}
              />
              <Tooltip
                formatter={(value, name) => {
                  const key = SERIES.find((s) => STATISTICS_COLUMNS[s.key] === name)?.key;
                  return key && isAmount(key) ? formatEuros(Number(value)) : formatInteger(Number(value));
                }}
              />
              {SERIES.filter((s) => shown.includes(s.key)).map((s) => (
                <Line
                  key={s.key}
                  yAxisId={s.axis}
                  dataKey={s.key}
                  name={STATISTICS_COLUMNS[s.key]}
                  stroke={s.color}
                  strokeWidth={2}
                  dot={false}
                  animationDuration={CHART.transitionMs}
                  className={`statistics-series-${s.key}`}
                />
              ))}
            </LineChart>
          </ResponsiveContainer>
        </div>
      </ScrollFrame>
      <VisuallyHidden id="statistics-chart-note">{STATISTICS_LABELS.chartAlternative}</VisuallyHidden>
    </>
  );
}
