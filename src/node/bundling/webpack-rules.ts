/**
 * Module rules added to Gatsby's webpack config (gatsby-node's onCreateWebpackConfig).
 *
 * src/hydration is imported through one face, its index (docs/techniques/README.md#one-face-for-the-machinery). Without a side-effects
 * flag webpack keeps every module the index re-exports in each chunk that imports it, so gatsby-browser's
 * and the root wrapper's imports would pull the static islands and the link engine into the app chunk
 * every page loads. Declared free of side effects, only the exports a
 * chunk uses come along. adopt-server-styles is the folder's one side-effect module and keeps its flag.
 */
export const HYDRATION_WITHOUT_SIDE_EFFECTS = {
  test: /[\\/]src[\\/]hydration[\\/](?!adopt-server-styles\.)[^\\/]+\.tsx?$/,
  sideEffects: false,
} as const;
