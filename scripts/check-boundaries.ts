// Which parts of the code may not import which: `npm run lint` runs this after biome. Biome's restricted imports
// match what an import says; these rules match where it leads, so `../b` from feature a is caught at any depth.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { pathToFileURL } from "node:url";
import ts from "typescript";

/**
 * Files under `from` (tests aside: a test may reach whatever it sets up) must not import what `forbidden` names: a folder (relative to the root) or a package by its
 * name (`fastify` also forbids `fastify/types`). A folder ending in `/*` makes each folder under it a part of its
 * own: a part may import itself, not any other part.
 */
export interface BoundaryRule {
  from: string;
  forbidden: { folder: string } | { module: string };
  message: string;
}

export const RULES: readonly BoundaryRule[] = [
  {
    from: "src/web/features/*",
    forbidden: { folder: "src/web/features/*" },
    message: "Features do not import each other: move what both need down to components/, lib/ or domain/.",
  },
  {
    from: "src/domain",
    forbidden: { folder: "src/web" },
    message: "The domain is shared by the app and the server: it imports neither.",
  },
  {
    from: "src/server/services",
    forbidden: { module: "fastify" },
    message:
      "Services take ServiceDeps and plain inputs, so they run the same from a route, a worker or a script.",
  },
  {
    from: "src/server/routes",
    forbidden: { folder: "src/server/db" },
    message: "Routes parse, call one service and answer: what reads or writes the database is a service's.",
  },
  {
    from: "src/server/webhooks",
    forbidden: { folder: "src/server/mail" },
    message:
      "Webhooks and mail share only the delivery core (src/server/delivery): neither imports the other.",
  },
];

export interface Violation {
  file: string;
  specifier: string;
  message: string;
}

const SOURCE = /\.(ts|tsx|mts|cts|js|mjs|jsx)$/;
const TEST = /\.test\.[a-z]+$/;

function sourceFiles(folder: string): string[] {
  let entries: import("node:fs").Dirent[];
  try {
    entries = readdirSync(folder, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : sourceFiles(path);
    return SOURCE.test(entry.name) && !TEST.test(entry.name) ? [path] : [];
  });
}

/** Every module a file imports, exports from or loads later with `import()`. */
export function importSpecifiers(text: string): string[] {
  return ts.preProcessFile(text, true, true).importedFiles.map((imported) => imported.fileName);
}

/** `folder` with a trailing `/*` split off: `{ base, perPart }`. */
function parts(folder: string): { base: string; perPart: boolean } {
  return folder.endsWith("/*")
    ? { base: folder.slice(0, -2), perPart: true }
    : { base: folder, perPart: false };
}

/** The part of `base` that `path` lies in (its first folder under `base`), or null when outside `base`. */
function partOf(base: string, path: string): string | null {
  const rel = relative(base, path);
  if (rel === "" || rel.startsWith("..") || resolve(base, rel) !== path) return null;
  return rel.split(sep)[0] ?? null;
}

function breaks(rule: BoundaryRule, root: string, file: string, specifier: string): boolean {
  if ("module" in rule.forbidden) {
    const name = rule.forbidden.module;
    return specifier === name || specifier.startsWith(`${name}/`);
  }
  // Package names never lead into the project's folders.
  if (!specifier.startsWith(".") && !specifier.startsWith("/")) return false;
  const target = resolve(dirname(file), specifier);
  const forbidden = parts(rule.forbidden.folder);
  const targetPart = partOf(resolve(root, forbidden.base), target);
  if (targetPart === null) return false;
  if (!forbidden.perPart) return true;
  // A part of its own: only another part is forbidden, the file's own is not.
  const from = parts(rule.from);
  const ownPart = from.perPart ? partOf(resolve(root, from.base), file) : null;
  const sameTree = resolve(root, from.base) === resolve(root, forbidden.base);
  return !(sameTree && ownPart === targetPart);
}

export function checkBoundaries(root: string, rules: readonly BoundaryRule[] = RULES): Violation[] {
  const violations: Violation[] = [];
  for (const rule of rules) {
    for (const file of sourceFiles(resolve(root, parts(rule.from).base))) {
      for (const specifier of importSpecifiers(readFileSync(file, "utf8"))) {
        if (breaks(rule, root, file, specifier)) {
          violations.push({ file: relative(root, file), specifier, message: rule.message });
        }
      }
    }
  }
  return violations;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const violations = checkBoundaries(process.cwd());
  for (const { file, specifier, message } of violations) {
    console.error(`${file}: imports "${specifier}". ${message}`);
  }
  if (violations.length > 0) process.exit(1);
}
