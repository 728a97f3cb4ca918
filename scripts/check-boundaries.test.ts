import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { checkBoundaries, importSpecifiers, RULES } from "./check-boundaries";

let roots: string[] = [];

/** A throwaway project holding `files` (path to text). */
function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), "boundaries-"));
  roots.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

afterEach(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
  roots = [];
});

const clean = {
  "src/web/lib/use-thing.ts": "export const useThing = () => 1;\n",
  "src/web/components/thing.tsx": "export const Thing = () => null;\n",
  "src/web/features/a/api/a-queries.ts":
    'import { useThing } from "../../../lib/use-thing";\nexport { useThing };\n',
  "src/web/features/a/a-page.tsx":
    'import { Thing } from "../../components/thing";\nimport { useThing } from "./api/a-queries";\nimport { z } from "zod";\n',
  "src/web/features/b/b-page.tsx": 'import "../../lib/use-thing";\nexport const B = 1;\n',
  "src/web/routes.tsx":
    'const a = () => import("./features/a/a-page");\nconst b = () => import("./features/b/b-page");\n',
};

describe("the boundary check", () => {
  it("passes a tree whose features import only themselves and shared code", () => {
    expect(checkBoundaries(tree(clean))).toEqual([]);
  });

  it("names the file and the import when a feature imports another, however it is written", () => {
    const root = tree({
      ...clean,
      "src/web/features/a/deep/a-part.tsx": 'import { B } from "../../b/b-page";\n',
      "src/web/features/b/b-later.ts": 'export const later = () => import("../../features/a/a-page");\n',
      "src/web/features/b/b-again.ts":
        'export { B } from "../b/b-page";\nexport * from "../a/api/a-queries";\n',
    });
    expect(checkBoundaries(root).sort((x, y) => x.file.localeCompare(y.file))).toEqual([
      { file: "src/web/features/a/deep/a-part.tsx", specifier: "../../b/b-page", message: RULES[0]!.message },
      { file: "src/web/features/b/b-again.ts", specifier: "../a/api/a-queries", message: RULES[0]!.message },
      {
        file: "src/web/features/b/b-later.ts",
        specifier: "../../features/a/a-page",
        message: RULES[0]!.message,
      },
    ]);
  });

  it("takes a package's name as well as a folder, in a rule of one line", () => {
    const rules = [
      { from: "src/server/services", forbidden: { module: "fastify" }, message: "No framework." },
    ];
    const root = tree({
      "src/server/services/save.ts": 'import type { FastifyRequest } from "fastify/types/request";\n',
      "src/server/services/list.ts": 'import { z } from "zod";\nimport { fastifyish } from "./fastify";\n',
      "src/server/routes/save.ts": 'import fastify from "fastify";\n',
    });
    expect(checkBoundaries(root, rules)).toEqual([
      { file: "src/server/services/save.ts", specifier: "fastify/types/request", message: "No framework." },
    ]);
  });

  it("forbids a whole folder to another", () => {
    const rules = [
      { from: "src/domain", forbidden: { folder: "src/web" }, message: "The domain serves both." },
    ];
    const root = tree({
      "src/domain/rule.ts": 'import { x } from "../web/lib/x";\nimport { y } from "./y";\n',
      "src/web/lib/x.ts": 'import { rule } from "../../domain/rule";\n',
    });
    expect(checkBoundaries(root, rules)).toEqual([
      { file: "src/domain/rule.ts", specifier: "../web/lib/x", message: "The domain serves both." },
    ]);
  });

  it("lets a test reach whatever it sets up", () => {
    const rules = [
      { from: "src/server/routes", forbidden: { folder: "src/server/db" }, message: "Routes call services." },
    ];
    const root = tree({
      "src/server/routes/forms.ts": 'import { getForm } from "../db/forms-repository";\n',
      "src/server/routes/forms.test.ts": 'import { getForm } from "../db/forms-repository";\n',
      "src/server/db/forms-repository.ts": "export const getForm = () => 1;\n",
    });
    expect(checkBoundaries(root, rules)).toEqual([
      {
        file: "src/server/routes/forms.ts",
        specifier: "../db/forms-repository",
        message: "Routes call services.",
      },
    ]);
  });

  it("reads static, re-exported and later imports", () => {
    expect(
      importSpecifiers(
        'import a from "a";\nimport type { B } from "b";\nexport * from "c";\nconst d = import("d");\n',
      ),
    ).toEqual(["a", "b", "c", "d"]);
  });

  it("passes this project", () => {
    expect(checkBoundaries(resolve(import.meta.dirname, ".."))).toEqual([]);
  });
});
