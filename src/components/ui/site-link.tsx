import React, { forwardRef, useCallback, useContext, useRef } from "react";
import { navigate, withPrefix } from "gatsby";
import { LocationContext } from "@gatsbyjs/reach-router";
import { hovering, internalHref, isClientNavigation, isCurrentPage, viewportPrefetcher } from "../../hydration";

export interface SiteLinkProps extends Omit<React.AnchorHTMLAttributes<HTMLAnchorElement>, "href"> {
  /** An address on this site, e.g. "/pricing/" or "/blog/?page=2#latest". */
  to: string;
}

/**
 * A link to a page of this site: a plain anchor that navigates client-side, prefetches on hover and when it
 * scrolls into view, and is marked aria-current="page" on the page it points to.
 */
export const SiteLink = forwardRef<HTMLAnchorElement, SiteLinkProps>(function SiteLink({ to, onClick, onMouseEnter, ...rest }, forwarded) {
  const element = useRef<HTMLAnchorElement | null>(null);
  const ref = useCallback(
    (node: HTMLAnchorElement | null) => {
      if (element.current) viewportPrefetcher.unobserve(element.current);
      element.current = node;
      if (node) viewportPrefetcher.observe(node, to);
      if (typeof forwarded === "function") forwarded(node);
      else if (forwarded) forwarded.current = node;
    },
    [to, forwarded],
  );
  const href = internalHref(to, withPrefix);
  // The router's location (server and browser alike); absent outside Gatsby's router, as in component tests.
  const location = useContext(LocationContext)?.location;
  return (
    <a
      aria-current={location && isCurrentPage(href, location.pathname) ? "page" : undefined}
      {...rest}
      href={href}
      ref={ref}
      onMouseEnter={(event) => {
        onMouseEnter?.(event);
        hovering(to);
      }}
      onClick={(event) => {
        onClick?.(event);
        if (!isClientNavigation(event, rest.target)) return;
        event.preventDefault();
        void navigate(to, { replace: isCurrentPage(href, window.location.pathname) });
      }}
    />
  );
});
