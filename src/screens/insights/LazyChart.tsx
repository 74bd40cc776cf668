// A chart of the insights: chart.js in its own chunk (src/viewers/charts), loaded on first draw,
// and next to it the same numbers as a visually hidden table for screen readers (the canvas is
// one labelled image). The table is here, not in the chunk, so it is there while the chunk loads.
import { lazy, Suspense } from 'react';
import type { ChartSeries, OutcomeChartProps } from '../../viewers/charts/OutcomeChart.tsx';
import { loadOnce } from '../../elements/chunks.ts';
import { LoadingPlaceholder } from '../../ui/Placeholders.tsx';

const load = loadOnce(() => import('../../viewers/charts/OutcomeChart.tsx'));
const OutcomeChart = lazy(load);

export type { ChartSeries };

export function InsightsChart(props: OutcomeChartProps & { caption: string; bucketHeader: string }) {
  const { caption, bucketHeader, ...chart } = props;
  const height = chart.height ?? 260;
  return (
    <figure className="m-0" data-part="insights-chart">
      <Suspense fallback={<div style={{ height }}><LoadingPlaceholder /></div>}>
        <OutcomeChart {...chart} />
      </Suspense>
      {/* The hiding box is a div around the table: a table is never narrower than its columns, so
          an sr-only table itself still widened the page at 375 px. */}
      <div className="sr-only">
        <table data-part="chart-table">
          <caption>{caption}</caption>
          <thead>
            <tr>
              <th scope="col">{bucketHeader}</th>
              {chart.series.map((s) => <th key={s.label} scope="col">{s.label}</th>)}
            </tr>
          </thead>
          <tbody>
            {chart.labels.map((label, i) => (
              <tr key={`${label}-${i}`}>
                <th scope="row">{label}</th>
                {chart.series.map((s) => <td key={s.label}>{chart.formatNumber(s.values[i] ?? 0)}</td>)}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
