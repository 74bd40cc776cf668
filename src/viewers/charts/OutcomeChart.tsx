// The insights' charts (spec 3 §2.5): chart.js through react-chartjs-2, in a lazy chunk of its own
// (src/screens/insights/LazyChart.tsx) with only the controllers the screens draw registered (line
// and bar on a category axis; no time adapter: the screens label the buckets in the locale).
// Colours are the provider's theme variables (--agora-*), read from the element at draw time.
import { useLayoutEffect, useRef, useState } from 'react';
import {
  BarController, BarElement, CategoryScale, Chart as ChartJS, Legend, LinearScale, LineController, LineElement, PointElement, Tooltip,
  type ChartData, type ChartOptions,
} from 'chart.js';
import { Chart } from 'react-chartjs-2';

ChartJS.register(LineController, BarController, LineElement, BarElement, PointElement, CategoryScale, LinearScale, Tooltip, Legend);

export interface ChartSeries {
  label: string;
  /** a theme colour name: primary, success, warning, danger, secondary… (--agora-<name>) */
  tone: string;
  values: number[];
  /** drawn dashed and lighter: the previous period of a comparison */
  muted?: boolean;
}

export interface OutcomeChartProps {
  type: 'line' | 'bar';
  /** one label a bucket, already formatted in the locale */
  labels: string[];
  series: ChartSeries[];
  /** the locale's number format (ticks and tooltips) */
  formatNumber: (n: number) => string;
  /** stacked bars (outcomes of one bucket on top of each other) */
  stacked?: boolean;
  /** what the chart shows, for screen readers (the table alternative is next to it) */
  label: string;
  height?: number;
}

const FALLBACK = { primary: '#0a5bd3', success: '#2b8a3e', warning: '#e67700', danger: '#c92a2a', secondary: '#5b6470', tertiary: '#6f42c1', info: '#0b7285' } as Record<string, string>;

/** The theme colours as the element resolves them (a page may override any --agora-* variable). */
function readColours(node: HTMLElement): Record<string, string> {
  const style = getComputedStyle(node);
  const out: Record<string, string> = {};
  for (const name of Object.keys(FALLBACK)) out[name] = style.getPropertyValue(`--agora-${name}`).trim() || FALLBACK[name]!;
  out.text = style.color || '#374151';
  return out;
}

export default function OutcomeChart({ type, labels, series, formatNumber, stacked = false, label, height = 260 }: OutcomeChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const [colours, setColours] = useState<Record<string, string> | null>(null);
  useLayoutEffect(() => setColours(readColours(box.current!)), []);
  const narrow = typeof window !== 'undefined' && window.innerWidth < 576;

  const data: ChartData<'bar' | 'line', number[], string> = {
    labels,
    datasets: series.map((s) => {
      const colour = colours?.[s.tone] ?? FALLBACK[s.tone] ?? FALLBACK.primary!;
      return {
        type, label: s.label, data: s.values,
        borderColor: colour,
        backgroundColor: s.muted ? `color-mix(in srgb, ${colour} 35%, transparent)` : colour,
        borderDash: s.muted ? [6, 4] : [],
        borderWidth: 2, pointRadius: labels.length > 48 ? 0 : 2, tension: 0.2,
        ...(stacked ? { stack: s.muted ? 'previous' : 'current' } : {}),
      };
    }),
  };
  const options: ChartOptions<'bar' | 'line'> = {
    responsive: true,
    maintainAspectRatio: false,
    animation: false,
    interaction: { mode: 'index', intersect: false },
    plugins: {
      legend: { position: 'bottom', labels: { color: colours?.text, boxWidth: 12, font: { size: narrow ? 11 : 12 } } },
      tooltip: { callbacks: { label: (item) => `${item.dataset.label ?? ''}: ${formatNumber(Number(item.raw))}` } },
    },
    scales: {
      x: { stacked, ticks: { color: colours?.text, autoSkip: true, maxRotation: 0, maxTicksLimit: narrow ? 4 : 8, font: { size: narrow ? 10 : 12 } }, grid: { display: false } },
      y: { stacked, beginAtZero: true, ticks: { color: colours?.text, precision: 0, maxTicksLimit: 6, callback: (v) => formatNumber(Number(v)) } },
    },
  };
  return (
    <div ref={box} className="relative w-full" style={{ height }} data-part="chart" data-chart-type={type}>
      {colours && <Chart type={type} data={data} options={options} role="img" aria-label={label} />}
    </div>
  );
}
