import { publicConfig } from "../../config/public";
import { Container, Section } from "../ui/container";

const reported = new Set<string>();

/** A block whose type has no component (a content type the CMS gained before the site did). */
export function UnknownBlock({ blocktype, visible = publicConfig.draftNotices }: { blocktype: string; visible?: boolean }) {
  if (visible)
    return (
      <Section>
        <Container>
          <p role="note">This section type ({blocktype}) has no component yet.</p>
        </Container>
      </Section>
    );
  if (!reported.has(blocktype)) {
    reported.add(blocktype);
    console.warn(`Landing page block "${blocktype}" has no component in src/components/blocks/registry.tsx; it is left out of the page.`);
  }
  return null;
}
