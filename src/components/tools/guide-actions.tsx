import { useState } from "react";
import styled from "styled-components";
import { theme } from "../../theme/theme";
import { Button } from "../ui/button";
import { Icon } from "../ui/icon";
import { copyText, downloadText } from "./clipboard";

const Bar = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space.s};
  align-items: center;
  margin: ${theme.space.m} 0;
  [role="status"] {
    flex-basis: 100%;
    margin: 0;
    min-height: 1.6em;
    font-size: ${theme.fontSizes.s};
  }
`;

export interface GuideActionsProps {
  disabled: boolean;
  filename: string;
  markdown: () => string;
  text: () => string;
}

/** Print, copy as text, download as Markdown. */
export function GuideActions({ disabled, filename, markdown, text }: GuideActionsProps) {
  const [status, setStatus] = useState("");
  const copy = async () =>
    setStatus((await copyText(text())) ? "Interview guide copied as text." : "Copying failed: select the questions and copy them instead.");
  const download = () => {
    downloadText(filename, markdown());
    setStatus(`Downloaded ${filename}.`);
  };
  return (
    <Bar data-print="hide">
      <Button size="S" onClick={() => window.print()} disabled={disabled}>
        <Icon name="printer" size={16} />
        Print
      </Button>
      <Button size="S" variant="outline" onClick={copy} disabled={disabled}>
        <Icon name="copy" size={16} />
        Copy as text
      </Button>
      <Button size="S" variant="outline" onClick={download} disabled={disabled}>
        <Icon name="download" size={16} />
        Download Markdown
      </Button>
      <p role="status">{status}</p>
    </Bar>
  );
}
