import styled from "styled-components";
import { theme } from "../../theme/theme";
import type { ChannelInput, StaffingResult, ChannelId } from "./staffing";
import { CHANNEL_LABELS } from "./staffing-form";
import { decimal, duration, percent } from "./staffing-display";
import { usd } from "../ui/format";
import { ServiceLevelChart } from "./service-level-chart";

const Totals = styled.dl`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: ${theme.space.m};
  margin: 0 0 ${theme.space.l};
  padding: ${theme.space.l};
  border-radius: ${theme.radii.l};
  background: ${theme.colors.charcoal};
  color: ${theme.colors.white};
  dt {
    font-size: ${theme.fontSizes.s};
    opacity: 0.9;
  }
  dd {
    margin: 0;
    font-size: ${theme.fontSizes.xxl};
    font-weight: ${theme.fontWeights.bold};
    line-height: 1.2;
  }
  .wide {
    grid-column: 1 / -1;
  }
  .wide dd {
    font-size: 2.5rem;
  }
`;
const ChannelCard = styled.section`
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.l};
  padding: ${theme.space.l};
  margin-bottom: ${theme.space.m};
  background: ${theme.colors.white};
  h3 {
    margin-bottom: ${theme.space.s};
  }
  dl {
    display: grid;
    grid-template-columns: repeat(auto-fill, minmax(130px, 1fr));
    gap: ${theme.space.s};
    margin: 0;
  }
  dt {
    font-size: ${theme.fontSizes.xs};
    color: ${theme.colors.textMuted};
    text-transform: uppercase;
    letter-spacing: 0.04em;
  }
  dd {
    margin: 0;
    font-size: ${theme.fontSizes.l};
    font-weight: ${theme.fontWeights.bold};
  }
`;
const Note = styled.p`
  font-size: ${theme.fontSizes.s};
  color: ${theme.colors.textMuted};
  margin: ${theme.space.s} 0 0;
`;
const Met = styled.span<{ $ok: boolean }>`
  color: ${({ $ok }) => ($ok ? theme.colors.green : theme.colors.red)};
`;

const LIMIT_TEXT: Record<string, string> = {
  "service level": "Set by the service-level target.",
  occupancy: "Set by the occupancy cap: the service-level target alone would need fewer agents.",
  workload: "Set by workload: hours of email divided by productive hours at the occupancy cap.",
};

export interface StaffingResultsProps {
  result: StaffingResult;
  inputs: Record<ChannelId, ChannelInput>;
}

/** Totals first, then each channel with its chart. */
export function StaffingResults({ result, inputs }: StaffingResultsProps) {
  const active = result.channels.filter((c) => c.enabled);
  return (
    <div data-testid="staffing-results">
      <Totals>
        <div className="wide">
          <dt>Full-time agents needed</dt>
          <dd data-testid="total-fte">{decimal(result.totalFte)}</dd>
        </div>
        <div>
          <dt>Staff cost per year</dt>
          <dd data-testid="annual-cost">{usd(result.annualCost, { cents: false })}</dd>
        </div>
        <div>
          <dt>Cost per conversation</dt>
          <dd data-testid="cost-per-contact">{usd(result.costPerContact)}</dd>
        </div>
      </Totals>
      {active.length === 0 && <p>Tick at least one channel to plan its staffing.</p>}
      {active.map((c) => {
        const input = inputs[c.channel];
        const ok = c.serviceLevel >= input.targetShare - 1e-9;
        const targetTime = duration(input.targetSeconds);
        const label = CHANNEL_LABELS[c.channel];
        return (
          <ChannelCard key={c.channel} aria-labelledby={`result-${c.channel}`} data-testid={`result-${c.channel}`}>
            <h3 id={`result-${c.channel}`}>{label}</h3>
            <dl>
              <div>
                <dt>{c.channel === "email" ? "Agents on shift (avg.)" : "Agents on shift"}</dt>
                <dd data-testid={`${c.channel}-agents`}>{c.channel === "email" ? decimal(c.agents) : decimal(c.agents, 0)}</dd>
              </div>
              <div>
                <dt>Full-time equivalents</dt>
                <dd data-testid={`${c.channel}-fte`}>{decimal(c.fte)}</dd>
              </div>
              <div>
                <dt>{`Answered in ${targetTime}`}</dt>
                <dd data-testid={`${c.channel}-service-level`}>
                  <Met $ok={ok}>{percent(c.serviceLevel)}</Met>
                  <span className="visually-hidden">{ok ? " (meets the target)" : " (below the target)"}</span>
                </dd>
              </div>
              <div>
                <dt>Average wait</dt>
                <dd>{duration(c.asaSeconds)}</dd>
              </div>
              <div>
                <dt>Occupancy</dt>
                <dd>{percent(c.occupancy, 0)}</dd>
              </div>
              <div>
                <dt>Workload</dt>
                <dd>{`${decimal(c.trafficErlangs, 2)} Erlangs`}</dd>
              </div>
            </dl>
            {c.trafficErlangs > 0 ? (
              <Note>
                {LIMIT_TEXT[c.limitedBy]} {decimal(c.arrivalsPerHour)} conversations an hour while open
                {c.channel === "chat" ? `, up to ${input.concurrency} at once per agent` : ""}.
              </Note>
            ) : (
              <Note>No conversations to staff.</Note>
            )}
            {c.channel !== "email" && c.curve.length > 1 && (
              <ServiceLevelChart label={label} points={c.curve} chosen={c.agents} target={input.targetShare} />
            )}
          </ChannelCard>
        );
      })}
    </div>
  );
}
