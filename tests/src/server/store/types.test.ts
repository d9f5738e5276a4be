// The store's shape (docs/lead-forms.md, "The store"): every concern an interface of at most 12
// members, composed into LeadStore (itself at most 12), and types.ts types only.
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const TYPES = path.resolve(__dirname, "../../../../src/server/store/types.ts");
const MAX_MEMBERS = 12;

const program = ts.createProgram([TYPES], { strict: true, noEmit: true, skipLibCheck: true });
const checker = program.getTypeChecker();
const source = program.getSourceFile(TYPES)!;

const interfaces = new Map(
  source.statements.filter(ts.isInterfaceDeclaration).map((decl) => [decl.name.text, checker.getTypeAtLocation(decl.name)]),
);
/** Members with those it extends: what an implementation has to provide. */
const members = (name: string) => checker.getPropertiesOfType(interfaces.get(name)!).map((p) => p.name);

describe("the lead store's interfaces", () => {
  it("LeadStore composes one interface per concern, each of at most 12 members", () => {
    const store = members("LeadStore");
    expect(store.length).toBeLessThanOrEqual(MAX_MEMBERS);
    const concerns = store.flatMap((name) => {
      const declared = checker.getTypeOfSymbol(checker.getPropertyOfType(interfaces.get("LeadStore")!, name)!);
      const concern = declared.getSymbol()?.getName();
      return concern && interfaces.has(concern) ? [concern] : [];
    });
    expect(concerns.sort()).toEqual(["AlertStore", "ConsentRecordStore", "LeadQueue", "RefusedLeadStore", "UploadStore"]);
    const sizes = Object.fromEntries(["LeadStore", "RateLimitStore", ...concerns].map((name) => [name, members(name).length]));
    expect(Math.min(...Object.values(sizes))).toBeGreaterThan(0);
    expect(Object.entries(sizes).filter(([, size]) => size > MAX_MEMBERS)).toEqual([]);
  });

  it("no interface in types.ts has more than 12 members", () => {
    const over = [...interfaces.keys()].filter((name) => members(name).length > MAX_MEMBERS);
    expect(over).toEqual([]);
  });

  it("types.ts holds types only (no function, class or value)", () => {
    const logic = source.statements
      .filter((s) => !ts.isInterfaceDeclaration(s) && !ts.isTypeAliasDeclaration(s))
      .filter((s) => !(ts.isImportDeclaration(s) && s.importClause?.isTypeOnly))
      .map((s) => s.getText(source).split("\n")[0]);
    expect(logic).toEqual([]);
  });
});
