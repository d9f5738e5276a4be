/**
 * What the page's inline bootstrap (bootstrap.ts) shares with the server markup and its tests: a module of plain
 * constants, so the server side (src/ssr/early-bootstrap.ts) can name them without running the bootstrap.
 */

/** The attribute on `<html>` that shows the built-in consent banner (src/components/consent): set at parse time. */
export const CONSENT_ASK_ATTR = "data-consent";
/** The same attribute as a `dataset` key (the bootstrap sets it that way: fewer bytes in every page). */
export const CONSENT_ASK_KEY = "consent";
/** On the banner's buttons: a click on one before the early script runs is held like a link's. */
export const CONSENT_ACTION_ATTR = "data-consent-action";
/** How long a held click waits for the early script at most. */
export const RELEASE_AFTER_MS = 3000;
/** The `<template>` holding a hosted consent manager's script, before the bootstrap in the head (src/ssr/consent-head.ts). */
export const CONSENT_MANAGER_ID = "consent-manager";
