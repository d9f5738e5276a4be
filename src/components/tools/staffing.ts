/** The help-desk staffing model. */

/** Average weeks in a month (52 / 12). */
export const WEEKS_PER_MONTH = 52 / 12;

/**
 * Erlang B blocking probability with `servers` servers and `traffic` Erlangs, by the stable recursion
 * B(0) = 1, B(k) = A·B(k−1) / (k + A·B(k−1)). No factorials or powers, so it never overflows.
 */
export function erlangB(servers: number, traffic: number): number {
  if (traffic <= 0) return 0;
  let b = 1;
  for (let k = 1; k <= servers; k++) b = (traffic * b) / (k + traffic * b);
  return b;
}

/** Erlang C: probability that a contact waits. C = N·B / (N − A·(1 − B)); 1 when N ≤ A (the queue never settles). */
export function erlangC(servers: number, traffic: number): number {
  if (traffic <= 0) return 0;
  if (servers <= traffic) return 1;
  const b = erlangB(servers, traffic);
  return (servers * b) / (servers - traffic * (1 - b));
}

/** Share answered within `targetSeconds`: 1 − C·e^(−(N − A)·t / AHT). */
export function serviceLevel(servers: number, traffic: number, targetSeconds: number, ahtSeconds: number): number {
  if (traffic <= 0) return 1;
  if (servers <= traffic) return 0;
  const value = 1 - erlangC(servers, traffic) * Math.exp((-(servers - traffic) * targetSeconds) / ahtSeconds);
  return Math.min(1, Math.max(0, value));
}

/** Average speed of answer in seconds: C·AHT / (N − A). Infinite when N ≤ A. */
export function averageSpeedOfAnswer(servers: number, traffic: number, ahtSeconds: number): number {
  if (traffic <= 0) return 0;
  if (servers <= traffic) return Number.POSITIVE_INFINITY;
  return (erlangC(servers, traffic) * ahtSeconds) / (servers - traffic);
}

export type ChannelId = "email" | "chat" | "phone";
export const CHANNELS: readonly ChannelId[] = ["email", "chat", "phone"];

export interface ChannelInput {
  enabled: boolean;
  /** Conversations per month. */
  monthlyVolume: number;
  /** Average handle time, minutes. */
  ahtMinutes: number;
  /** Share to answer within the target time, 0–1 (e.g. 0.8). */
  targetShare: number;
  /** Target first-response time, seconds. */
  targetSeconds: number;
  /** Hours per week the channel is staffed. */
  coverageHours: number;
  /** Share of paid time not available for contacts (breaks, training, leave), 0–1. */
  shrinkage: number;
  /** Highest share of an agent's time spent handling contacts, 0–1. */
  occupancyCap: number;
  /** Conversations an agent handles at once (chat); 1 otherwise. */
  concurrency: number;
}

export interface TeamInput {
  /** Paid hours per full-time employee per week. */
  hoursPerFte: number;
  /** Annual cost of one FTE, US dollars. */
  annualSalary: number;
}

export interface CurvePoint {
  agents: number;
  serviceLevel: number;
}

export interface ChannelResult {
  channel: ChannelId;
  enabled: boolean;
  arrivalsPerHour: number;
  /** Offered load in Erlangs (hours of handling work per hour of coverage). */
  trafficErlangs: number;
  /** Agents handling contacts at any moment of coverage (whole agents for live channels). */
  agents: number;
  serviceLevel: number;
  /** Average speed of answer, seconds. */
  asaSeconds: number;
  occupancy: number;
  fte: number;
  /** What set the number of agents. */
  limitedBy: "none" | "service level" | "occupancy" | "workload";
  /** Service level against whole agents around the answer, for the chart. */
  curve: CurvePoint[];
}

export interface StaffingResult {
  channels: ChannelResult[];
  totalFte: number;
  totalAgents: number;
  annualCost: number;
  monthlyCost: number;
  /** Staff cost per conversation; 0 without volume. */
  costPerContact: number;
}

/** Beyond this many agents per interval the answer is not a help desk any more; inputs are validated well below it. */
const MAX_AGENTS = 1_000_000;

/** Smallest whole number of agents (each `concurrency` servers) meeting the service level and occupancy cap. */
export function agentsForServiceLevel(
  traffic: number,
  ahtSeconds: number,
  targetSeconds: number,
  targetShare: number,
  occupancyCap = 1,
  concurrency = 1,
): { agents: number; limitedBy: ChannelResult["limitedBy"] } {
  if (traffic <= 0) return { agents: 0, limitedBy: "none" };
  const minByOccupancy = Math.ceil(traffic / (concurrency * occupancyCap) - 1e-9);
  let b = 1;
  let k = 0;
  for (let n = 1; n <= MAX_AGENTS; n++) {
    const servers = n * concurrency;
    for (; k < servers;) {
      k++;
      b = (traffic * b) / (k + traffic * b);
    }
    if (servers <= traffic) continue;
    const c = (servers * b) / (servers - traffic * (1 - b));
    const sl = 1 - c * Math.exp((-(servers - traffic) * targetSeconds) / ahtSeconds);
    if (sl >= targetShare - 1e-12) {
      return n >= minByOccupancy ? { agents: n, limitedBy: "service level" } : { agents: minByOccupancy, limitedBy: "occupancy" };
    }
  }
  return { agents: MAX_AGENTS, limitedBy: "service level" };
}

function curveAround(agents: number, traffic: number, input: ChannelInput, ahtSeconds: number): CurvePoint[] {
  const c = input.concurrency;
  // one step below the first stable team shows where the queue stops settling (0 %)
  const first = Math.max(1, Math.floor(traffic / c), agents - 6);
  const last = Math.max(first + 4, agents + 3);
  const points: CurvePoint[] = [];
  for (let n = first; n <= last; n++)
    points.push({ agents: n, serviceLevel: serviceLevel(n * c, traffic, input.targetSeconds, ahtSeconds) });
  return points;
}

const fteFor = (agents: number, input: ChannelInput, team: TeamInput) =>
  (agents * input.coverageHours) / team.hoursPerFte / (1 - input.shrinkage);

export function staffChannel(channel: ChannelId, input: ChannelInput, team: TeamInput): ChannelResult {
  const ahtSeconds = input.ahtMinutes * 60;
  const arrivalsPerHour = input.monthlyVolume / WEEKS_PER_MONTH / input.coverageHours;
  const traffic = (arrivalsPerHour * ahtSeconds) / 3600;
  const empty: ChannelResult = {
    channel,
    enabled: input.enabled,
    arrivalsPerHour: 0,
    trafficErlangs: 0,
    agents: 0,
    serviceLevel: 1,
    asaSeconds: 0,
    occupancy: 0,
    fte: 0,
    limitedBy: "none",
    curve: [],
  };
  if (!input.enabled || traffic <= 0) return empty;

  if (channel === "email") {
    const workloadAgents = traffic / input.occupancyCap;
    const whole = Math.max(1, Math.ceil(workloadAgents - 1e-9));
    const check = agentsForServiceLevel(traffic, ahtSeconds, input.targetSeconds, input.targetShare, input.occupancyCap);
    const byTarget = check.agents > whole;
    const agents = byTarget ? check.agents : workloadAgents;
    const servers = byTarget ? check.agents : whole;
    return {
      ...empty,
      arrivalsPerHour,
      trafficErlangs: traffic,
      agents,
      serviceLevel: serviceLevel(servers, traffic, input.targetSeconds, ahtSeconds),
      asaSeconds: averageSpeedOfAnswer(servers, traffic, ahtSeconds),
      occupancy: traffic / agents,
      fte: fteFor(agents, input, team),
      limitedBy: byTarget ? "service level" : "workload",
      curve: curveAround(servers, traffic, input, ahtSeconds),
    };
  }

  const { agents, limitedBy } = agentsForServiceLevel(
    traffic,
    ahtSeconds,
    input.targetSeconds,
    input.targetShare,
    input.occupancyCap,
    input.concurrency,
  );
  const servers = agents * input.concurrency;
  return {
    ...empty,
    arrivalsPerHour,
    trafficErlangs: traffic,
    agents,
    serviceLevel: serviceLevel(servers, traffic, input.targetSeconds, ahtSeconds),
    asaSeconds: averageSpeedOfAnswer(servers, traffic, ahtSeconds),
    occupancy: traffic / servers,
    fte: fteFor(agents, input, team),
    limitedBy,
    curve: curveAround(agents, traffic, input, ahtSeconds),
  };
}

export function staff(inputs: Record<ChannelId, ChannelInput>, team: TeamInput): StaffingResult {
  const channels = CHANNELS.map((id) => staffChannel(id, inputs[id], team));
  const totalFte = channels.reduce((sum, c) => sum + c.fte, 0);
  const totalAgents = channels.reduce((sum, c) => sum + c.agents, 0);
  const annualCost = totalFte * team.annualSalary;
  const volume = CHANNELS.reduce((sum, id) => sum + (inputs[id].enabled ? inputs[id].monthlyVolume : 0), 0);
  return {
    channels,
    totalFte,
    totalAgents,
    annualCost,
    monthlyCost: annualCost / 12,
    costPerContact: volume > 0 ? annualCost / 12 / volume : 0,
  };
}
