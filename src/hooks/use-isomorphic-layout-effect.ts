import { useEffect, useLayoutEffect } from "react";

/**
 * useLayoutEffect in the browser, useEffect during server rendering: React warns about a layout effect on the
 * server, where no effect runs anyway.
 */
export const useIsomorphicLayoutEffect = typeof window === "undefined" ? useEffect : useLayoutEffect;
