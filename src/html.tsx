import type { ReactNode } from "react";

interface HtmlProps {
  htmlAttributes: Record<string, unknown>;
  headComponents: ReactNode;
  bodyAttributes: Record<string, unknown>;
  preBodyComponents: ReactNode;
  body: string;
  postBodyComponents: ReactNode;
}

/**
 * Gatsby's default document (gatsby/cache-dir/default-html.js) without what no supported browser reads: Internet
 * Explorer's `x-ua-compatible` and iOS 9's `shrink-to-fit=no`. Every page's first bytes count against its first
 * round trip (docs/techniques/small-html.md).
 */
export default function Html({ htmlAttributes, headComponents, bodyAttributes, preBodyComponents, body, postBodyComponents }: HtmlProps) {
  return (
    <html {...htmlAttributes}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {headComponents}
      </head>
      <body {...bodyAttributes}>
        {preBodyComponents}
        <div key="body" id="___gatsby" dangerouslySetInnerHTML={{ __html: body }} />
        {postBodyComponents}
      </body>
    </html>
  );
}
