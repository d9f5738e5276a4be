/** Images: one interface every source's image type implements. */
export const imagesSdl = /* GraphQL */ `
  """
  An image placed in content: an embedded file under content/images or a Contentful asset.
  Render it with gatsby-plugin-image's GatsbyImage and gatsbyImageData.
  """
  interface ImageAsset {
    "Text alternative for screen readers; empty for a decorative image."
    alt: String!
    "The original file's public URL (Open Graph images, JSON-LD)."
    url: String
    "Intrinsic width of the original, in pixels."
    width: Int
    "Intrinsic height of the original, in pixels."
    height: Int
    "Responsive image data for GatsbyImage (layout, width, formats and placeholder are arguments)."
    gatsbyImageData: GatsbyImageData
  }
`;
