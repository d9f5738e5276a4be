import { describe, expect, it } from "vitest";
import {
  adoptTyped,
  controlName,
  DEFAULT_VALUES,
  parseForm,
  parseNumber,
  searchFromValues,
  specFor,
  valuesFromSearch,
  valuesFromStored,
} from "../../../../src/components/tools/staffing-form";
import { staff } from "../../../../src/components/tools/staffing";

describe("staffing calculator form", () => {
  it("accepts typed numbers with separators, currency and percent signs", () => {
    expect(parseNumber("1,200", specFor("chat.volume")!)).toEqual({ value: 1200 });
    expect(parseNumber(" $55,000 ", specFor("team.salary")!)).toEqual({ value: 55000 });
    expect(parseNumber("30%", specFor("chat.shrinkage")!)).toEqual({ value: 30 });
    expect(parseNumber("7.5", specFor("chat.aht")!)).toEqual({ value: 7.5 });
  });

  it("rejects bad input with a clear message, never a number", () => {
    expect(parseNumber("", specFor("chat.volume")!)).toEqual({ error: "Enter the conversations per month." });
    expect(parseNumber("12abc", specFor("chat.volume")!)).toEqual({
      error: "Enter a number, using digits only (for example 1,200 or 7.5).",
    });
    expect(parseNumber("-5", specFor("chat.volume")!)).toHaveProperty("error");
    expect(parseNumber("1e400", specFor("chat.volume")!)).toHaveProperty("error");
    expect(parseNumber("Infinity", specFor("chat.volume")!)).toHaveProperty("error");
    expect(parseNumber("2.5", specFor("chat.concurrency")!)).toEqual({ error: "Enter a whole number." });
    expect(parseNumber("200", specFor("phone.coverage")!)).toEqual({ error: "Enter a value from 1 to 168 hours." });
    expect(parseNumber("95", specFor("phone.shrinkage")!)).toEqual({ error: "Enter a value from 0% to 80%." });
    expect(parseNumber("2,000,000", specFor("team.salary")!)).toEqual({ error: "Enter a value from $0 to $1,000,000." });
  });

  it("the defaults parse and give a finite answer", () => {
    const form = parseForm(DEFAULT_VALUES);
    expect(form.ok).toBe(true);
    if (!form.ok) return;
    const r = staff(form.parsed.inputs, form.parsed.team);
    expect(Number.isFinite(r.totalFte)).toBe(true);
    expect(r.totalFte).toBeGreaterThan(0);
    expect(form.parsed.inputs.email.targetSeconds).toBe(4 * 3600);
  });

  it("reports every invalid field; a disabled channel is not validated", () => {
    const form = parseForm({ ...DEFAULT_VALUES, "chat.volume": "lots", "team.hoursPerFte": "0", "phone.enabled": "0", "phone.aht": "x" });
    expect(form.ok).toBe(false);
    expect(Object.keys(form.errors).sort()).toEqual(["chat.volume", "team.hoursPerFte"]);
  });

  it("the share URL carries only changed values and restores them", () => {
    expect(searchFromValues(DEFAULT_VALUES)).toBe("");
    const changed = { ...DEFAULT_VALUES, "chat.volume": "4,500", "phone.enabled": "0" };
    const search = searchFromValues(changed);
    expect(search).toBe("?chat.volume=4%2C500&phone.enabled=0");
    expect(valuesFromSearch(search)).toEqual({ values: changed, found: true });
    expect(valuesFromSearch("?utm_source=x&unknown=1").found).toBe(false);
  });

  it("stored values keep only known string fields", () => {
    expect(valuesFromStored(null)).toBeNull();
    expect(valuesFromStored({ "chat.volume": "10", evil: "x", "phone.aht": 5 })).toEqual({ ...DEFAULT_VALUES, "chat.volume": "10" });
  });
});

describe("input typed before hydration", () => {
  it("names each control after its field", () => {
    expect(controlName("email.volume")).toBe("staffing-email-volume");
    expect(controlName("chat.enabled")).toBe("staffing-chat-enabled");
    expect(controlName("team.salary")).toBe("staffing-team-salary");
  });

  it("a control that no longer holds what was rendered wins over the base values; the others keep them", () => {
    const base = { ...DEFAULT_VALUES, "chat.volume": "9999", "phone.aht": "7" };
    const dom: Partial<Record<string, string>> = {
      "phone.volume": "10,000",
      "email.enabled": "0",
      "chat.volume": DEFAULT_VALUES["chat.volume"],
    };
    const values = adoptTyped(base, DEFAULT_VALUES, (key) => dom[key] ?? DEFAULT_VALUES[key]);
    expect(values).toEqual({ ...base, "phone.volume": "10,000", "email.enabled": "0" });
  });

  it("the control being edited keeps its text even when it is still what was rendered", () => {
    const base = { ...DEFAULT_VALUES, "phone.volume": "5,000", "chat.volume": "9999" };
    const values = adoptTyped(base, DEFAULT_VALUES, (key) => DEFAULT_VALUES[key], "phone.volume");
    expect(values).toEqual({ ...base, "phone.volume": DEFAULT_VALUES["phone.volume"] });
  });

  it("a missing control changes nothing, and a typed value is cut to the stored length", () => {
    const values = adoptTyped(DEFAULT_VALUES, DEFAULT_VALUES, (key) => (key === "team.salary" ? "9".repeat(40) : undefined));
    expect(values["team.salary"]).toHaveLength(24);
    expect({ ...values, "team.salary": DEFAULT_VALUES["team.salary"] }).toEqual(DEFAULT_VALUES);
  });
});
