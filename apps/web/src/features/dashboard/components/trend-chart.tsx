import { useId } from 'react';
import { theme } from 'antd';

export type TrendPoint = { day: string; value: number; display: string };

const WIDTH = 640;
const HEIGHT = 240;
const M = { top: 16, right: 16, bottom: 44, left: 72 };
const PLOT_W = WIDTH - M.left - M.right;
const PLOT_H = HEIGHT - M.top - M.bottom;

/** A round upper bound for the y axis (1, 2 or 5 times a power of ten), so the ticks read easily. */
const niceMax = (max: number) => {
  if (!(max > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  return [1, 2, 5, 10].map((m) => m * power).find((v) => v >= max) ?? 10 * power;
};

// One formatter, built when the module loads (the dashboard's code is fetched and run while the
// authenticator code is typed): the first compact formatter loads locale data, about 10 ms, more
// than all of the chart's SVG.
const compactFormat = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });
const compact = (v: number) => compactFormat.format(v);

/**
 * A small SVG chart of one value per day: bars or a line. Geometry uses numbers; every label a
 * reader sees comes from `display`, the exact figure. The title and a text summary make it
 * readable without sight (role img).
 */
export const TrendChart = ({
  title,
  points,
  kind,
  yLabel,
  summary,
  testId,
  integer = false,
}: {
  title: string;
  points: TrendPoint[];
  kind: 'bar' | 'line';
  yLabel: string;
  summary: string;
  testId: string;
  /** Counts: no fractional tick labels. */
  integer?: boolean;
}) => {
  const id = useId();
  const { token } = theme.useToken();
  const top = niceMax(Math.max(0, ...points.map((p) => p.value)));
  const step = PLOT_W / Math.max(points.length, 1);
  const x = (i: number) => M.left + step * i + step / 2;
  const y = (v: number) => M.top + PLOT_H - (Math.max(v, 0) / top) * PLOT_H;
  const ticks = [0, top / 2, top].filter((t) => !integer || Number.isInteger(t));
  // A label every seventh day, counted back from today, so today is always labelled.
  const labelled = new Set(points.map((_, i) => i).filter((i) => (points.length - 1 - i) % 7 === 0));

  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-labelledby={`${id}-title ${id}-desc`}
      data-testid={testId}
      style={{ width: '100%', height: 'auto', display: 'block' }}
    >
      <title id={`${id}-title`}>{title}</title>
      <desc id={`${id}-desc`}>{summary}</desc>
      {ticks.map((t) => (
        <g key={t}>
          <line x1={M.left} x2={WIDTH - M.right} y1={y(t)} y2={y(t)} stroke={token.colorBorderSecondary} />
          <text x={M.left - 8} y={y(t) + 4} textAnchor="end" fontSize={11} fill={token.colorTextSecondary}>
            {compact(t)}
          </text>
        </g>
      ))}
      <text
        transform={`translate(14 ${M.top + PLOT_H / 2}) rotate(-90)`}
        textAnchor="middle"
        fontSize={11}
        fill={token.colorTextSecondary}
      >
        {yLabel}
      </text>
      {points.map((p, i) =>
        labelled.has(i) ? (
          <text
            key={p.day}
            x={x(i)}
            y={M.top + PLOT_H + 16}
            textAnchor="middle"
            fontSize={11}
            fill={token.colorTextSecondary}
          >
            {p.day.slice(5)}
          </text>
        ) : null,
      )}
      <text x={M.left + PLOT_W / 2} y={HEIGHT - 6} textAnchor="middle" fontSize={11} fill={token.colorTextSecondary}>
        Day (UTC)
      </text>
      <line x1={M.left} x2={WIDTH - M.right} y1={M.top + PLOT_H} y2={M.top + PLOT_H} stroke={token.colorBorder} />
      {kind === 'line' && points.length > 1 && (
        <polyline
          points={points.map((p, i) => `${x(i)},${y(p.value)}`).join(' ')}
          fill="none"
          stroke={token.colorPrimary}
          strokeWidth={2}
        />
      )}
      {points.map((p, i) =>
        kind === 'bar' ? (
          <rect
            key={p.day}
            data-day={p.day}
            x={x(i) - step * 0.35}
            width={step * 0.7}
            y={y(p.value)}
            height={M.top + PLOT_H - y(p.value)}
            fill={token.colorPrimary}
          >
            <title>{`${p.day}: ${p.display}`}</title>
          </rect>
        ) : (
          <circle key={p.day} data-day={p.day} cx={x(i)} cy={y(p.value)} r={3} fill={token.colorPrimary}>
            <title>{`${p.day}: ${p.display}`}</title>
          </circle>
        ),
      )}
    </svg>
  );
};
