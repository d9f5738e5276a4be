import { useId } from "react";
import styled from "styled-components";
import { theme } from "../../theme/theme";
import type { CurvePoint } from "./staffing";
import { percent } from "./staffing-display";

/** The figure (chart + caption) and, after it, the numbers behind it: a figure holds one caption, first or last. */
const Figure = styled.div`
  margin: ${theme.space.m} 0 0;
  figure {
    margin: 0;
  }
  svg {
    display: block;
    width: 100%;
    height: auto;
    max-width: 440px;
  }
  figcaption {
    font-size: ${theme.fontSizes.s};
    color: ${theme.colors.textMuted};
  }
  .axis {
    stroke: ${theme.colors.border};
  }
  .tick {
    fill: ${theme.colors.textMuted};
    font-size: 13px;
  }
  .line {
    fill: none;
    stroke: ${theme.colors.cobaltDark};
    stroke-width: 2.5;
  }
  .point {
    fill: ${theme.colors.white};
    stroke: ${theme.colors.cobaltDark};
    stroke-width: 2;
  }
  .point.chosen {
    fill: ${theme.colors.cobaltDark};
  }
  .target {
    stroke: ${theme.colors.orange};
    stroke-width: 1.5;
    stroke-dasharray: 5 4;
  }
  .target-label {
    fill: ${theme.colors.orange};
    font-size: 13px;
    font-weight: ${theme.fontWeights.bold};
  }
  details {
    margin-top: ${theme.space.xs};
    font-size: ${theme.fontSizes.s};
  }
  table {
    border-collapse: collapse;
    margin-top: ${theme.space.xs};
  }
  th,
  td {
    border: 1px solid ${theme.colors.border};
    padding: 2px 10px;
    text-align: right;
  }
`;

const W = 360;
const H = 200;
const PAD = { left: 42, right: 12, top: 14, bottom: 38 };

export interface ServiceLevelChartProps {
  label: string;
  points: CurvePoint[];
  chosen: number;
  target: number;
}

/** Service level against agents on shift, as an inline SVG with a text description and a data table. */
export function ServiceLevelChart({ label, points, chosen, target }: ServiceLevelChartProps) {
  const id = useId();
  if (points.length < 2) return null;
  const minX = points[0].agents;
  const maxX = points[points.length - 1].agents;
  const x = (n: number) => PAD.left + ((n - minX) / (maxX - minX)) * (W - PAD.left - PAD.right);
  const y = (share: number) => PAD.top + (1 - share) * (H - PAD.top - PAD.bottom);
  const path = points.map((p, i) => `${i ? "L" : "M"}${x(p.agents).toFixed(1)},${y(p.serviceLevel).toFixed(1)}`).join(" ");
  const chosenPoint = points.find((p) => p.agents === chosen);
  const step = Math.max(1, Math.ceil(points.length / 8));
  const agents = (n: number) => `${n} ${n === 1 ? "agent" : "agents"}`;
  const description = `Service level rises from ${percent(points[0].serviceLevel)} with ${agents(minX)} to ${percent(
    points[points.length - 1].serviceLevel,
  )} with ${maxX}. The target is ${percent(target, 0)}${chosenPoint ? `; ${agents(chosen)} ${chosen === 1 ? "reaches" : "reach"} ${percent(chosenPoint.serviceLevel)}` : ""}.`;
  return (
    <Figure>
      <figure>
        <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-labelledby={`${id}-t ${id}-d`}>
          <title id={`${id}-t`}>{`${label}: service level by agents on shift`}</title>
          <desc id={`${id}-d`}>{description}</desc>
          {[0, 0.25, 0.5, 0.75, 1].map((s) => (
            <g key={s}>
              <line className="axis" x1={PAD.left} x2={W - PAD.right} y1={y(s)} y2={y(s)} />
              <text className="tick" x={PAD.left - 6} y={y(s) + 4} textAnchor="end">
                {`${s * 100}%`}
              </text>
            </g>
          ))}
          {points
            .filter((_, i) => i % step === 0 || i === points.length - 1)
            .map((p) => (
              <text key={p.agents} className="tick" x={x(p.agents)} y={H - PAD.bottom + 16} textAnchor="middle">
                {p.agents}
              </text>
            ))}
          <text className="tick" x={(W + PAD.left) / 2} y={H - 4} textAnchor="middle">
            agents on shift
          </text>
          <line className="target" x1={PAD.left} x2={W - PAD.right} y1={y(target)} y2={y(target)} />
          <text className="target-label" x={W - PAD.right} y={y(target) - 5} textAnchor="end">
            {`target ${percent(target, 0)}`}
          </text>
          <path className="line" d={path} />
          {points.map((p) => (
            <circle
              key={p.agents}
              className={p.agents === chosen ? "point chosen" : "point"}
              cx={x(p.agents)}
              cy={y(p.serviceLevel)}
              r={p.agents === chosen ? 6 : 3.5}
            />
          ))}
        </svg>
        <figcaption>{description}</figcaption>
      </figure>
      <details>
        <summary>Show the numbers</summary>
        <table>
          <caption className="visually-hidden">{`${label}: service level by agents on shift`}</caption>
          <thead>
            <tr>
              <th scope="col">Agents</th>
              <th scope="col">Service level</th>
            </tr>
          </thead>
          <tbody>
            {points.map((p) => (
              <tr key={p.agents}>
                <td>{p.agents}</td>
                <td>{percent(p.serviceLevel)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </Figure>
  );
}
