import styled from "styled-components";
import { theme } from "../../theme/theme";
import type { ChannelId } from "./staffing";
import { CHANNEL_LABELS, channelFields, channelSpec, controlName, type FieldKey, type FormErrors, type FormValues } from "./staffing-form";
import { InputPanel } from "./input-panel";
import { NumberField } from "./number-field";
import { Icon } from "../ui/icon";

const Toggle = styled.label`
  display: inline-flex;
  align-items: center;
  gap: ${theme.space.xs};
  cursor: pointer;
  input {
    width: 20px;
    height: 20px;
    accent-color: ${theme.colors.cobaltDark};
  }
`;
const Fields = styled.div`
  display: grid;
  gap: ${theme.space.m};
  grid-template-columns: repeat(auto-fill, minmax(200px, 1fr));
  margin-top: ${theme.space.s};
`;
const Off = styled.p`
  margin: ${theme.space.s} 0 0;
  color: ${theme.colors.textMuted};
`;

const ICONS: Record<ChannelId, string> = { email: "mail", chat: "message-circle", phone: "phone" };

export interface ChannelFieldsetProps {
  channel: ChannelId;
  values: FormValues;
  errors: FormErrors;
  onChange: (key: FieldKey, value: string) => void;
}

/** One channel's inputs; unticking the channel leaves it out of the plan. */
export function ChannelFieldset({ channel, values, errors, onChange }: ChannelFieldsetProps) {
  const enabled = values[`${channel}.enabled`] !== "0";
  return (
    <InputPanel>
      <legend>
        <Toggle>
          <input
            type="checkbox"
            name={controlName(`${channel}.enabled`)}
            checked={enabled}
            onChange={(e) => onChange(`${channel}.enabled`, e.target.checked ? "1" : "0")}
          />
          <Icon name={ICONS[channel]} size={22} />
          {CHANNEL_LABELS[channel]}
        </Toggle>
      </legend>
      {enabled ? (
        <Fields>
          {channelFields(channel).map((field) => {
            const key = `${channel}.${field}` as FieldKey;
            return (
              <NumberField
                key={key}
                id={controlName(key)}
                spec={channelSpec(channel, field)}
                value={values[key]}
                error={errors[key]}
                onChange={(v) => onChange(key, v)}
              />
            );
          })}
        </Fields>
      ) : (
        <Off>Not included in the plan. Tick {CHANNEL_LABELS[channel].toLowerCase()} to staff it.</Off>
      )}
    </InputPanel>
  );
}
