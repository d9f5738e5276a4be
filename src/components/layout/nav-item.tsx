import { DrawerContent, type NavItem as NavItemData } from "./nav-drawer";
import { deferHydration } from "../../hydration";
import { useTap } from "../../hooks/use-tap";
import { ReservedText } from "../ui/reserve";
import { inspectorProps } from "../preview/inspector";
import { DISCLOSURE_ATTR, OPEN_ATTR } from "../../browser/early/disclosures";
import { Drawer, DrawerInner, NavButton, NavLink } from "./header.styles";

/** Drawer panels are server-rendered (crawlable links) and hydrated after the header bar itself. */
const DeferredDrawerContent = deferHydration(DrawerContent);

export interface NavItemProps {
  item: NavItemData;
  /** Every label personalization may give this item (room is reserved for the widest). */
  labels?: readonly string[];
  /** The drawer's panel id (`aria-controls` of its button). */
  panelId: string;
  expanded: boolean;
  onHover: (id: string, at: number) => void;
  onToggle: (id: string, at: number) => void;
  /** The navigation entry's id (inspector mode, a preview build only). */
  entryId?: string | null;
}

/**
 * One top-level navigation item (docs/product-rules.md#navigation-data): a plain link, or a button disclosing
 * its mega-menu drawer (WAI-ARIA disclosure: aria-expanded, aria-controls; the panel shows with `data-open`).
 */
export function NavItem({ item, labels, panelId, expanded, onHover, onToggle, entryId }: NavItemProps) {
  const inspect = inspectorProps(entryId, "navItems");
  const tap = useTap((at) => onToggle(item.id, at));
  if (!item.columns?.length) {
    if (!item.url) return null;
    return (
      <li {...inspect}>
        <NavLink href={item.url}>
          <ReservedText text={item.title} alternatives={labels} />
        </NavLink>
      </li>
    );
  }
  return (
    <li onMouseEnter={(event) => onHover(item.id, event.timeStamp)} {...inspect}>
      <NavButton type="button" {...{ [DISCLOSURE_ATTR]: "drawer" }} aria-expanded={expanded} aria-controls={panelId} {...tap}>
        <ReservedText text={item.title} alternatives={labels} />
      </NavButton>
      <Drawer
        id={panelId}
        {...{ [OPEN_ATTR]: expanded || undefined }}
        data-drawer={item.id}
        // A closing drawer stays visible while it fades; inert keeps Tab out of it at once.
        {...(expanded ? {} : { inert: "" })}
      >
        <div>
          <DrawerInner>
            <DeferredDrawerContent item={item} />
          </DrawerInner>
        </div>
      </Drawer>
    </li>
  );
}
