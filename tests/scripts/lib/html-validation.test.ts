import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { builtHtmlPages, errorsOf, formatFindings, parseVnuReport, type VnuMessage } from "../../../scripts/lib/html-validation";
import { stripNulBytes, withoutNulBytes } from "../../../src/node/html/html-output";

const report = (messages: VnuMessage[]) => JSON.stringify({ messages });

describe("HTML validation report (scripts/validate-html.ts)", () => {
  it("keeps errors and failures to check a file, not infos or warnings", () => {
    const messages = parseVnuReport(
      report([
        {
          type: "error",
          url: "file:/site/public/a/index.html",
          message: "Stray end tag “source”.",
          lastLine: 3,
          firstColumn: 9,
          extract: "</source>",
        },
        { type: "info", subType: "warning", url: "file:/site/public/a/index.html", message: "Consider adding a lang attribute" },
        { type: "non-document-error", subType: "io", url: "file:/site/public/b/index.html", message: "File not found" },
        { type: "info", message: "just so you know" },
      ]),
    );
    const errors = errorsOf(messages);
    expect(errors.map((e) => [e.file, e.message])).toEqual([
      ["/site/public/a/index.html", "Stray end tag “source”."],
      ["/site/public/b/index.html", "File not found"],
    ]);
    expect(formatFindings(errors, "/site/public")).toContain("a/index.html:3:9");
  });

  it("drops only the accepted false positives", () => {
    const messages: VnuMessage[] = [
      { type: "error", message: "CSS: “mask”: Too many values" },
      { type: "error", message: "Element “p” not allowed as child of element “span”" },
    ];
    const accepted = [{ pattern: /^CSS: “mask”/, reason: "test" }];
    expect(errorsOf(messages, accepted).map((e) => e.message)).toEqual(["Element “p” not allowed as child of element “span”"]);
  });

  it("refuses output that is not a report", () => {
    expect(() => parseVnuReport("Exception in thread main")).toThrow(/did not print a JSON report/);
    expect(() => parseVnuReport("{}")).toThrow(/no messages/);
  });

  it("finds every index.html of a build, not page data or static files", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "nd-pages-"));
    for (const file of ["index.html", "blog/index.html", "page-data/index.html", "static/x/index.html", "404.html"]) {
      fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      fs.writeFileSync(path.join(dir, file), "<!doctype html>");
    }
    expect(builtHtmlPages(dir).map((f) => path.relative(dir, f))).toEqual(["blog/index.html", "index.html"]);
    fs.rmSync(dir, { recursive: true });
  });
});

describe("NUL bytes from React 18's streaming renderer (src/node/html/html-output.ts)", () => {
  it("are removed, and nothing else is touched", () => {
    const html = Buffer.concat([Buffer.from("<strong>Lucia Fern"), Buffer.from([0]), Buffer.from("ández</strong>")]);
    expect(withoutNulBytes(html)?.toString("utf8")).toBe("<strong>Lucia Fernández</strong>");
    expect(withoutNulBytes(Buffer.from("<p>clean — ü</p>"))).toBeNull();
  });

  it("are stripped from every built page, which are reported", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "nd-nul-"));
    fs.mkdirSync(path.join(dir, "a"));
    fs.writeFileSync(path.join(dir, "a/index.html"), Buffer.from([0x3c, 0x70, 0x3e, 0, 0x3c]));
    fs.writeFileSync(path.join(dir, "index.html"), "<p>ok</p>");
    expect(stripNulBytes(dir)).toEqual([path.join("a", "index.html")]);
    expect(fs.readFileSync(path.join(dir, "a/index.html"), "utf8")).toBe("<p><");
    fs.rmSync(dir, { recursive: true });
  });
});

describe("accepted checker gaps", () => {
  it("accept exactly the transition-behavior property message, not other unknown properties", () => {
    const message = (text: string) => ({ type: "error" as const, message: text, url: "file:/x/index.html" });
    expect(errorsOf([message("CSS: “transition-behavior”: Property “transition-behavior” doesn't exist.")])).toEqual([]);
    expect(errorsOf([message("CSS: “transition-behaviour”: Property “transition-behaviour” doesn't exist.")])).toHaveLength(1);
  });
});
