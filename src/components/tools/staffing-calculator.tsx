import { useEffect, useMemo, useRef, useState } from "react";
import styled from "styled-components";
import { theme } from "../../theme/theme";
import { CHANNELS, staff } from "./staffing";
import {
  adoptTyped,
  controlName,
  DEFAULT_VALUES,
  FIELD_KEYS,
  mergeSearch,
  parseForm,
  STAFFING_STORAGE_KEY,
  TEAM_SPECS,
  valuesFromSearch,
  valuesFromStored,
  type FieldKey,
  type FormValues,
} from "./staffing-form";
import { getStored, setStored } from "../../browser/storage";
import { consentedLocalStorage } from "../../consent/app";
import { copyText } from "./clipboard";
import { Button } from "../ui/button";
import { Icon } from "../ui/icon";
import { ChannelFieldset } from "./channel-fieldset";
import { InputPanel } from "./input-panel";
import { NumberField } from "./number-field";
import { StaffingResults } from "./staffing-results";
import { useIsomorphicLayoutEffect } from "../../hooks/use-isomorphic-layout-effect";

/** A field's control as the visitor left it: "1"/"0" for a channel's checkbox, the text of an input. */
const readControl = (form: HTMLFormElement | null, key: FieldKey): string | undefined => {
  const control = form?.elements.namedItem(controlName(key));
  if (!(control instanceof HTMLInputElement)) return undefined;
  return control.type === "checkbox" ? (control.checked ? "1" : "0") : control.value;
};

/** The field whose control has focus: the one the visitor is editing. */
const focusedField = (form: HTMLFormElement | null): FieldKey | undefined => {
  const active = form?.ownerDocument.activeElement;
  return form && active && form.contains(active) ? FIELD_KEYS.find((key) => active.getAttribute("name") === controlName(key)) : undefined;
};

export { STAFFING_STORAGE_KEY };

const Layout = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${theme.space.xl};
  ${theme.media.l} {
    grid-template-columns: minmax(0, 1.15fr) minmax(0, 1fr);
    align-items: start;
  }
`;
const Output = styled.section`
  ${theme.media.l} {
    position: sticky;
    top: ${theme.space.l};
  }
  h2 {
    font-size: ${theme.fontSizes.xxl};
  }
`;
const TeamFields = styled.div`
  display: grid;
  gap: ${theme.space.m};
  grid-template-columns: repeat(auto-fill, minmax(220px, 1fr));
  margin-top: ${theme.space.s};
`;
const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space.s};
  align-items: center;
  margin-bottom: ${theme.space.l};
`;
const JumpLink = styled.a`
  display: inline-block;
  margin-bottom: ${theme.space.m};
  font-weight: ${theme.fontWeights.bold};
  ${theme.media.l} {
    display: none;
  }
`;
const Problem = styled.div`
  border-left: 4px solid ${theme.colors.red};
  background: ${theme.colors.surface};
  padding: ${theme.space.m};
  border-radius: ${theme.radii.s};
  margin-bottom: ${theme.space.l};
  p:last-child {
    margin: 0;
  }
`;

/** The help-desk staffing calculator. */
export function StaffingCalculator() {
  const [values, setValues] = useState<FormValues>(DEFAULT_VALUES);
  const [ready, setReady] = useState(false);
  const [status, setStatus] = useState("");
  const formRef = useRef<HTMLFormElement>(null);

  // Once, in the hydrating commit: React keeps a server-rendered input's text but its state starts from the
  // defaults, so the next render would overwrite what was typed before. A layout effect, so no key lands between
  // reading the fields and writing them (docs/page-load.md#typing-while-the-page-hydrates).
  useIsomorphicLayoutEffect(() => {
    const fromUrl = valuesFromSearch(window.location.search);
    const base = fromUrl.found
      ? fromUrl.values
      : (valuesFromStored(getStored(STAFFING_STORAGE_KEY, Date.now(), consentedLocalStorage())) ?? DEFAULT_VALUES);
    const form = formRef.current;
    setValues(adoptTyped(base, DEFAULT_VALUES, (key) => readControl(form, key), focusedField(form)));
    setReady(true);
  }, []);

  useEffect(() => {
    if (!ready) return;
    // Kept for the next visit only with `preferences` (docs/product-rules.md#consent-over-time).
    setStored(STAFFING_STORAGE_KEY, values, { storage: consentedLocalStorage() });
    const { pathname, search, hash } = window.location;
    const next = mergeSearch(search, values);
    if (next !== search) window.history.replaceState(window.history.state, "", `${pathname}${next}${hash}`);
  }, [values, ready]);

  const form = useMemo(() => parseForm(values), [values]);
  const result = useMemo(() => (form.ok ? staff(form.parsed.inputs, form.parsed.team) : null), [form]);
  const errorCount = Object.keys(form.errors).length;

  const change = (key: FieldKey, value: string) => {
    setStatus("");
    setValues((v) => ({ ...v, [key]: value }));
  };
  const share = async () => {
    const ok = await copyText(window.location.href);
    setStatus(ok ? "Link copied. Anyone who opens it sees these numbers." : `Copy this link to share: ${window.location.href}`);
  };
  const reset = () => {
    setValues(DEFAULT_VALUES);
    setStatus("Inputs reset to the example help desk.");
  };

  return (
    <Layout>
      <form ref={formRef} aria-labelledby="staffing-inputs" onSubmit={(e) => e.preventDefault()} noValidate>
        <h2 id="staffing-inputs" className="visually-hidden">
          Your help desk
        </h2>
        <JumpLink href="#staffing-results-heading">Skip to your staffing plan</JumpLink>
        {CHANNELS.map((c) => (
          <ChannelFieldset key={c} channel={c} values={values} errors={form.errors} onChange={change} />
        ))}
        <InputPanel>
          <legend>Team</legend>
          <TeamFields>
            {(Object.keys(TEAM_SPECS) as (keyof typeof TEAM_SPECS)[]).map((f) => (
              <NumberField
                key={f}
                id={controlName(`team.${f}`)}
                spec={TEAM_SPECS[f]}
                value={values[`team.${f}`]}
                error={form.errors[`team.${f}`]}
                onChange={(v) => change(`team.${f}`, v)}
              />
            ))}
          </TeamFields>
        </InputPanel>
      </form>
      <Output aria-labelledby="staffing-results-heading">
        <h2 id="staffing-results-heading">Your staffing plan</h2>
        <Actions data-print="hide">
          <Button variant="outline" size="S" onClick={share}>
            <Icon name="link" size={16} />
            Copy share link
          </Button>
          <Button variant="outline" size="S" onClick={reset}>
            <Icon name="rotate-ccw" size={16} />
            Reset
          </Button>
          <p role="status" aria-live="polite" style={{ margin: 0 }}>
            {status}
          </p>
        </Actions>
        {result && form.ok ? (
          <StaffingResults result={result} inputs={form.parsed.inputs} />
        ) : (
          <Problem role="alert" data-testid="staffing-errors">
            <p>
              <strong>{errorCount === 1 ? "One input needs attention." : `${errorCount} inputs need attention.`}</strong>
            </p>
            <p>The plan updates as soon as every highlighted field has a valid number.</p>
          </Problem>
        )}
      </Output>
    </Layout>
  );
}
