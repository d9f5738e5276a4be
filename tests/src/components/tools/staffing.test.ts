import { describe, expect, it } from "vitest";
import {
  agentsForServiceLevel,
  averageSpeedOfAnswer,
  erlangB,
  erlangC,
  serviceLevel,
  staff,
  staffChannel,
  type ChannelInput,
} from "../../../../src/components/tools/staffing";

/*
 * Reference values: the classic Erlang C worked example (Call Centre Helper, "Erlang C Formula – Made
 * Simple"; also in Koole, "Call Center Optimization", ch. 4): 100 calls in 30 minutes with an average
 * handle time of 180 s is A = 100 × 180 / 1800 = 10 Erlangs. The probability of waiting for N = 11..15
 * agents is 0.6821, 0.4494, 0.2853, 0.1741, 0.1020; with a target of 80 % answered in 20 s, 13 agents
 * reach 79.6 % and 14 agents 88.8 % (average speed of answer 7.8 s), so 14 agents are needed.
 * Erlang B table values (e.g. Wikipedia, "Erlang (unit)"): B(5, 2) = 0.0367, B(10, 5) = 0.0184.
 */
describe("Erlang formulas against published values", () => {
  it("Erlang B matches the table", () => {
    expect(erlangB(5, 2)).toBeCloseTo(0.0367, 4);
    expect(erlangB(10, 5)).toBeCloseTo(0.0184, 4);
    expect(erlangB(0, 3)).toBe(1);
  });

  it("Erlang C: A = 10 Erlangs, N = 11..15 gives the known probabilities of waiting", () => {
    const expected = [0.6821, 0.4494, 0.2853, 0.1741, 0.102];
    expected.forEach((p, i) => expect(erlangC(11 + i, 10)).toBeCloseTo(p, 4));
  });

  it("service level and average speed of answer of the 100 calls / 30 min example", () => {
    expect(serviceLevel(13, 10, 20, 180)).toBeCloseTo(0.7956, 4);
    expect(serviceLevel(14, 10, 20, 180)).toBeCloseTo(0.8884, 4);
    expect(averageSpeedOfAnswer(14, 10, 180)).toBeCloseTo(7.84, 2);
    expect(agentsForServiceLevel(10, 180, 20, 0.8)).toEqual({ agents: 14, limitedBy: "service level" });
  });

  it("no servers at or below the traffic: everyone waits, nobody is answered in time", () => {
    expect(erlangC(10, 10)).toBe(1);
    expect(serviceLevel(9, 10, 20, 180)).toBe(0);
    expect(averageSpeedOfAnswer(10, 10, 180)).toBe(Number.POSITIVE_INFINITY);
  });

  it("stays finite and in [0, 1] for very large traffic (no factorial overflow)", () => {
    const b = erlangB(100_000, 99_000);
    const c = erlangC(100_000, 99_000);
    for (const v of [b, c, serviceLevel(100_000, 99_000, 20, 180)]) {
      expect(Number.isFinite(v)).toBe(true);
      expect(v).toBeGreaterThanOrEqual(0);
      expect(v).toBeLessThanOrEqual(1);
    }
    const { agents } = agentsForServiceLevel(50_000, 300, 20, 0.8);
    expect(agents).toBeGreaterThan(50_000);
    expect(agents).toBeLessThan(50_200);
  });

  it("the occupancy cap can set the number of agents", () => {
    // 10 Erlangs with a lax target: service level alone needs 11, a 70 % cap needs ceil(10 / 0.7) = 15
    expect(agentsForServiceLevel(10, 180, 3600, 0.8, 0.7)).toEqual({ agents: 15, limitedBy: "occupancy" });
  });

  it("chat concurrency: N agents are N × c servers", () => {
    // 20 Erlangs of chat with 2 chats per agent behaves like 20 Erlangs on 2N servers
    const { agents } = agentsForServiceLevel(20, 600, 60, 0.8, 1, 2);
    expect(serviceLevel(agents * 2, 20, 60, 600)).toBeGreaterThanOrEqual(0.8);
    expect(serviceLevel((agents - 1) * 2, 20, 60, 600)).toBeLessThan(0.8);
  });
});

const phone: ChannelInput = {
  enabled: true,
  // 100 calls per 30 minutes over a 40-hour week: 200 calls an hour × 40 h × 52 / 12 a month
  monthlyVolume: (200 * 40 * 52) / 12,
  ahtMinutes: 3,
  targetShare: 0.8,
  targetSeconds: 20,
  coverageHours: 40,
  shrinkage: 0.3,
  occupancyCap: 1,
  concurrency: 1,
};
const team = { hoursPerFte: 40, annualSalary: 50_000 };

describe("staffing a channel", () => {
  it("phone: the classic example needs 14 agents per interval, 20 FTEs after 30 % shrinkage", () => {
    const r = staffChannel("phone", phone, team);
    expect(r.trafficErlangs).toBeCloseTo(10, 9);
    expect(r.agents).toBe(14);
    expect(r.serviceLevel).toBeCloseTo(0.8884, 4);
    expect(r.fte).toBeCloseTo(14 / 0.7, 9);
    expect(r.curve.find((p) => p.agents === 13)?.serviceLevel).toBeCloseTo(0.7956, 4);
  });

  it("email: workload ÷ occupancy, fractional agents, checked against its response target", () => {
    // 2,000 emails a month × 6 min over 40 h a week: 46.15 h a week = 1.154 Erlangs; at a 90 % cap 1.28 agents
    const email = { ...phone, monthlyVolume: 2000, ahtMinutes: 6, targetSeconds: 4 * 3600, targetShare: 0.9, occupancyCap: 0.9 };
    const r = staffChannel("email", email, team);
    expect(r.trafficErlangs).toBeCloseTo((2000 * 6) / 60 / (52 / 12) / 40, 9);
    expect(r.agents).toBeCloseTo(r.trafficErlangs / 0.9, 9);
    expect(r.limitedBy).toBe("workload");
    expect(r.serviceLevel).toBeGreaterThan(0.99);
  });

  it("a disabled channel or no volume needs nobody", () => {
    expect(staffChannel("chat", { ...phone, enabled: false }, team).fte).toBe(0);
    expect(staffChannel("chat", { ...phone, monthlyVolume: 0 }, team)).toMatchObject({ agents: 0, fte: 0, serviceLevel: 1 });
  });

  it("totals FTEs and cost", () => {
    const off = { ...phone, enabled: false };
    const r = staff({ email: off, chat: off, phone }, team);
    expect(r.totalFte).toBeCloseTo(20, 9);
    expect(r.annualCost).toBeCloseTo(1_000_000, 6);
    expect(r.monthlyCost).toBeCloseTo(1_000_000 / 12, 6);
    expect(r.costPerContact).toBeCloseTo(1_000_000 / 12 / phone.monthlyVolume, 9);
  });
});
