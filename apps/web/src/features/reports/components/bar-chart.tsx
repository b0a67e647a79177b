import { theme } from 'antd';

export type Bar = { label: string; value: number };

type Props = { bars: Bar[]; title: string; height?: number; format?: (n: number) => string };

/**
 * A plain SVG bar chart (no chart library): one bar per label, the value above it. Labelled as an
 * image with its figures in the accessible name, so the numbers are not only in pixels.
 */
export const BarChart = ({ bars, title, height = 180, format = (n) => n.toLocaleString('en-US') }: Props) => {
  const { token } = theme.useToken();
  const max = Math.max(1, ...bars.map((b) => b.value));
  const slot = 44;
  const width = Math.max(bars.length * slot, 200);
  const top = 18;
  const bottom = 34;
  const plot = height - top - bottom;
  return (
    <svg
      role="img"
      aria-label={`${title}: ${bars.map((b) => `${b.label} ${format(b.value)}`).join(', ')}`}
      viewBox={`0 0 ${width} ${height}`}
      style={{ width: '100%', maxWidth: Math.max(width, 480), height }}
      preserveAspectRatio="xMinYMid meet"
    >
      <title>{title}</title>
      {bars.map((b, i) => {
        const h = Math.round((b.value / max) * plot);
        const x = i * slot + 8;
        return (
          <g key={b.label}>
            <rect
              x={x}
              y={top + plot - h}
              width={slot - 16}
              height={Math.max(h, b.value > 0 ? 1 : 0)}
              fill={token.colorPrimary}
              rx={2}
            />
            <text
              x={x + (slot - 16) / 2}
              y={top + plot - h - 4}
              fontSize={10}
              textAnchor="middle"
              fill={token.colorText}
            >
              {format(b.value)}
            </text>
            <text
              x={x + (slot - 16) / 2}
              y={height - bottom + 14}
              fontSize={9}
              textAnchor="middle"
              fill={token.colorTextSecondary}
            >
              {b.label}
            </text>
          </g>
        );
      })}
    </svg>
  );
};
