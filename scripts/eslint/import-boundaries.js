import path from "node:path";

/**
 * Imports flow one way (docs/ARCHITECTURE.md, "Where things live"):
 *   web/routes → web/features → web/components, web/lib → shared
 * A feature imports only its own files, web/components, web/lib and shared, never another feature;
 * web/components and web/lib never import a feature or a route; shared imports neither web nor server.
 * Paths are resolved from the importing file (relative, or the #web/ #shared/ #server/ aliases of
 * package.json), so the rule needs no module resolver.
 */
const root = process.cwd();

/** Which part of the tree a file belongs to: "feature:<name>", "components", "lib", "routes", "web", "shared", "server" or null. */
function partOf(file) {
  const [top, second, third] = path.relative(root, file).split(path.sep);
  if (top === "shared") return "shared";
  if (top === "server") return "server";
  if (top !== "web") return null;
  if (second === "features" && third) return `feature:${third}`;
  if (second === "components" || second === "lib" || second === "routes") return second;
  return "web";
}

function resolveTarget(source, importer) {
  if (source.startsWith(".")) return path.resolve(path.dirname(importer), source);
  const alias = /^#(web|shared|server)\/(.*)$/.exec(source);
  return alias ? path.join(root, alias[1], alias[2]) : null;
}

function refusal(from, to) {
  if (!to || from === to) return null;
  if (from === "shared" && (to.startsWith("feature:") || ["components", "lib", "routes", "web", "server"].includes(to))) {
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
      meta: { type: "problem", schema: [] },
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
