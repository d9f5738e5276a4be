/**
 * Module rules added to Gatsby's webpack config (gatsby-node's onCreateWebpackConfig). See
 * docs/techniques/README.md#one-face-for-the-machinery.
 */
export const HYDRATION_WITHOUT_SIDE_EFFECTS = {
  test: /[\\/]src[\\/]hydration[\\/](?!adopt-server-styles\.)[^\\/]+\.tsx?$/,
  sideEffects: false,
} as const;
