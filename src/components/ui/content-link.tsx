import React from "react";
import { SiteLink } from "./site-link";
import { linkKind } from "./link-kind";
import { resolveUrl } from "../../lib/url-table";
import { useSiteData } from "../../hooks/use-site-data";

export interface ContentLinkProps extends Omit<React.AnchorHTMLAttributes<HTMLAnchorElement>, "href"> {
  href?: string | null;
}

/**
 * A link from data (docs/product-rules.md#navigation-and-footer): "{{key}}" addresses are looked up in the URL table; an address
 * containing // is external (plain anchor); "#…" is a same-page anchor; no address renders text.
 */
export function ContentLink({ href, children, ...rest }: ContentLinkProps) {
  const { urlTable } = useSiteData();
  const address = href ? resolveUrl(href, urlTable) : href;
  switch (linkKind(address)) {
    case "none":
      return <span className={rest.className}>{children}</span>;
    case "external":
    case "hash":
      return (
        <a href={address!} {...rest}>
          {children}
        </a>
      );
    default:
      return (
        <SiteLink to={address!} {...rest}>
          {children}
        </SiteLink>
      );
  }
}
