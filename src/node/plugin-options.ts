/** Options of the Gatsby plugins configured in gatsby-config.ts, kept out of it so they can be tested. */

// SPEC 3.8 "Site manifest".
export const manifestOptions = {
  name: "Northdesk",
  short_name: "Northdesk",
  start_url: "/",
  background_color: "#ffffff",
  theme_color: "#4176fa",
  display: "minimal-ui",
  icon: "src/images/icon.png",
  icons: [
    { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png" },
    { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png" },
  ],
  cache_busting_mode: "none",
} as const;

/**
 * gatsby-plugin-offline: HTML and page data go to the network first, so a new deploy is seen
 * at once; hashed assets stay cache-first (their names change when they do).
 */
export const offlineOptions = {
  precachePages: [],
  // offline, a visited page whose HTML is not cached gets the app shell (see the file)
  appendScript: "src/sw/offline-navigation.js",
  workboxConfig: {
    globPatterns: ["**/icons/icon-*.png", "**/*.{js,css}"],
    runtimeCaching: [
      { urlPattern: /(\.js$|\.css$|static\/)/, handler: "CacheFirst" },
      { urlPattern: /^https?:.*\/page-data\/.*\.json/, handler: "NetworkFirst", options: { networkTimeoutSeconds: 3 } },
      { urlPattern: /^https?:.*\/(slice-data|page-data\/sq)\/.*\.json/, handler: "NetworkFirst", options: { networkTimeoutSeconds: 3 } },
      { urlPattern: /^https?:.*\.(png|jpg|jpeg|webp|avif|svg|gif|ico|woff2?)$/, handler: "StaleWhileRevalidate" },
      { urlPattern: /^https?:\/\/[^/]+\/[^.]*\/?(\?.*)?$/, handler: "NetworkFirst", options: { networkTimeoutSeconds: 3 } },
    ],
  },
};

export const sitemapOptions = {
  excludes: ["/404/", "/404.html", "/500/", "/dev-404-page/", "/design-system/", "/members/*", "/offline-plugin-app-shell-fallback/"],
};
