import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

/**
 * Fails when the import graph of server/, shared/ or web/ has a circle, type-only imports included:
 * a circle means neither side can be read, changed or tested without the other. Every import is
 * resolved as Node, Vite and TypeScript resolve it: relative paths, and `#…` through package.json's
 * `imports` map. Prints each circle found, one per line, and exits 1; 0 when there is none.
 * An argument names another tree to read instead of this one (its test gives it one with a circle).
 */
const root = process.argv[2] ? path.resolve(process.argv[2]) : fileURLToPath(new URL("..", import.meta.url));
const TOPS = ["server", "shared", "web"].filter((top) => fs.existsSync(path.join(root, top)));
const { imports = {} } = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8"));
const aliases = Object.entries(imports)
  .filter(([, target]) => typeof target === "string")
  .map(([key, target]) => [key.replace(/\*$/, ""), target.replace(/\*$/, "")]);

function sourceFiles(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.d\.ts$/.test(entry.name) ? [full] : [];
  });
}

/** The file an import names, or null for a package. `.js` in a specifier stands for `.ts`/`.tsx`. */
function resolve(specifier, importer) {
  let base = null;
  if (specifier.startsWith(".")) base = path.resolve(path.dirname(importer), specifier);
  else for (const [prefix, target] of aliases) if (specifier.startsWith(prefix)) base = path.join(root, target, specifier.slice(prefix.length));
  if (!base) return null;
  const stem = base.replace(/\.(js|jsx|ts|tsx)$/, "");
  for (const candidate of [`${stem}.ts`, `${stem}.tsx`, path.join(stem, "index.ts")]) if (fs.existsSync(candidate)) return candidate;
  return null;
}

const files = TOPS.flatMap((top) => sourceFiles(path.join(root, top)));
const graph = new Map(
  files.map((file) => [
    file,
    [...new Set(ts.preProcessFile(fs.readFileSync(file, "utf8"), true, true).importedFiles.map((ref) => resolve(ref.fileName, file)).filter(Boolean))],
  ]),
);

// Tarjan's strongly connected components: every component of more than one file holds a circle.
let index = 0;
const stack = [];
const state = new Map();
const circles = [];
function visit(file) {
  state.set(file, { index, low: index, onStack: true });
  index++;
  stack.push(file);
  for (const next of graph.get(file) ?? []) {
    if (!graph.has(next)) continue;
    if (!state.has(next)) {
      visit(next);
      state.get(file).low = Math.min(state.get(file).low, state.get(next).low);
    } else if (state.get(next).onStack) state.get(file).low = Math.min(state.get(file).low, state.get(next).index);
  }
  if (state.get(file).low === state.get(file).index) {
    const component = [];
    let member;
    do {
      member = stack.pop();
      state.get(member).onStack = false;
      component.push(member);
    } while (member !== file);
    if (component.length > 1 || (graph.get(file) ?? []).includes(file)) circles.push(component);
  }
}
for (const file of graph.keys()) if (!state.has(file)) visit(file);

for (const component of circles) console.error(`import circle: ${component.map((file) => path.relative(root, file)).sort().join(" ↔ ")}`);
if (circles.length > 0) {
  console.error(`${circles.length} import circle(s): each needs one side to stop importing the other (move what both need to a module of its own).`);
  process.exit(1);
}
