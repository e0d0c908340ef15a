import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * Imports flow one way (docs/ARCHITECTURE.md, "Import rules" under "Layout"):
 *   web/routes → web/features → web/components, web/lib → shared
 * A feature imports only its own files, web/components, web/lib and shared, never another feature;
 * web/components and web/lib never import a feature or a route; nothing under web/ imports server/;
 * shared imports neither web nor server.
 *
 * On the server: routes → services → db, never back. Only server/app.ts mounts routes; services
 * and everything below them never import a route or server/http (the request layer); server/db
 * imports only itself and the server's root modules (paths, clock), never jobs, services or auth.
 *
 * Paths are resolved from the importing file: relative ones directly, `#…` ones through the
 * `imports` map of package.json (the same map Node, Vite and TypeScript read), so an alias added
 * there is understood without touching this rule and without a module resolver plugin.
 */
const root = fileURLToPath(new URL("../..", import.meta.url));

/** package.json `imports` as [prefix, target prefix] pairs, e.g. ["#web/", "./web/"]. */
function readAliases() {
  const { imports = {} } = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8"));
  return Object.entries(imports)
    .filter(([, target]) => typeof target === "string")
    .map(([key, target]) => [key.replace(/\*$/, ""), target.replace(/\*$/, "")]);
}
const aliases = readAliases();

/** Server folders with a layer rule; any other file under server/ is "server" (the root modules, cli, content…). */
const SERVER_LAYERS = new Set(["routes", "http", "services", "jobs", "mail", "auth", "db"]);

/**
 * Which part of the tree a file belongs to: "feature:<name>", "components", "lib", "routes", "web",
 * "shared", "server:<layer>", "server" or null.
 */
export function partOf(file) {
  const [top, second, third] = path.relative(root, file).split(path.sep);
  if (top === "shared") return "shared";
  if (top === "server") return third !== undefined && SERVER_LAYERS.has(second) ? `server:${second}` : "server";
  if (top !== "web") return null;
  if (second === "features" && third) return `feature:${third}`;
  if (second === "components" || second === "lib" || second === "routes") return second;
  return "web";
}

function resolveTarget(source, importer) {
  if (source.startsWith(".")) return path.resolve(path.dirname(importer), source);
  for (const [prefix, target] of aliases) {
    if (source.startsWith(prefix)) return path.join(root, target, source.slice(prefix.length));
  }
  return null;
}

const WEB_PARTS = new Set(["web", "components", "lib", "routes"]);

/** Layers below the routes: they serve requests, jobs and the CLI alike, so they never reach up. */
const BELOW_ROUTES = new Set(["server:services", "server:jobs", "server:mail", "server:auth", "server:db"]);

function serverRefusal(from, to) {
  if (from === "server:db" && to !== "server:db" && to !== "server") {
    return "server/db is the bottom layer: it imports only itself and the server's root modules (a job, service or auth module calls into db, never the other way).";
  }
  if (to === "server:routes" && from !== "server:routes" && from !== "server") {
    return "Only server/app.ts mounts routes: nothing below the routes imports one (routes → services → db).";
  }
  if (to === "server:http" && BELOW_ROUTES.has(from)) {
    return `server/${from.slice(7)} is below the request layer: it never imports server/http (pass what it needs as arguments).`;
  }
  return null;
}

export function refusal(from, to) {
  if (!to || from === to) return null;
  if (from.startsWith("server") && to.startsWith("server")) return serverRefusal(from, to);
  const fromWeb = WEB_PARTS.has(from) || from.startsWith("feature:");
  if (fromWeb && to.startsWith("server")) return "The browser never imports server code: share it through shared/ instead.";
  if (from === "shared" && to !== "shared") {
    return "shared/ is used by both the browser and the server: it imports only itself and zod.";
  }
  if (from.startsWith("feature:") && to.startsWith("feature:")) {
    return `A feature imports only its own files, web/components, web/lib and shared: move what ${from.slice(8)} needs from ${to.slice(8)} to web/components or web/lib, or compose both in a route.`;
  }
  if ((from === "components" || from === "lib") && (to.startsWith("feature:") || to === "routes")) {
    return `web/${from} is shared by every feature: it must not import a feature or a route.`;
  }
  if (from.startsWith("feature:") && to === "routes") return "A feature never imports a route: routes compose features.";
  return null;
}

export default {
  rules: {
    "import-boundaries": {
      meta: { type: "problem", schema: [], docs: { description: "Keeps web/features, web/components, web/lib, web/routes, shared and server apart." } },
      create(context) {
        const from = partOf(context.filename);
        if (!from) return {};
        const check = (node) => {
          const source = node.source?.value;
          if (typeof source !== "string") return;
          const target = resolveTarget(source, context.filename);
          const message = target ? refusal(from, partOf(target)) : null;
          if (message) context.report({ node, message: `${message} (${source})` });
        };
        return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
      },
    },
  },
};
