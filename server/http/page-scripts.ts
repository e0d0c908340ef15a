import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

interface ManifestChunk {
  file: string;
  imports?: string[];
}

/** The public pages' entry in the client build (vite.config.ts, `rollupOptions.input`). */
const PUBLIC_ENTRY = "public-entry.ts";

/** Vite's own tags for the dashboard app: its entry script and the chunks it preloads. */
const APP_SCRIPTS = /\s*<script type="module" crossorigin src="\/assets\/[^"]+\.js"><\/script>|\s*<link rel="modulepreload" crossorigin href="\/assets\/[^"]+\.js">/g;

/** The files a chunk needs before it runs: its static imports, transitively, in load order. */
function staticImports(manifest: Record<string, ManifestChunk>, key: string, seen = new Set<string>()): string[] {
  for (const name of manifest[key]?.imports ?? []) {
    if (seen.has(name)) continue;
    seen.add(name);
    staticImports(manifest, name, seen);
  }
  return [...seen].map((name) => manifest[name]!.file);
}

/**
 * The pre-rendered public pages load the small public script (web/public-entry.ts), not the
 * dashboard app the template names (decision 0064): this swaps Vite's tags in the template for that
 * script and the chunks it imports, found in the build's manifest. Without a manifest (an old
 * build) the template is left as it is.
 */
export function publicTemplate(template: string, clientDir: string): string {
  const manifestFile = path.join(clientDir, ".vite", "manifest.json");
  if (!existsSync(manifestFile)) return template;
  const manifest = JSON.parse(readFileSync(manifestFile, "utf8")) as Record<string, ManifestChunk>;
  const entry = manifest[PUBLIC_ENTRY];
  if (!entry) return template;
  const tags = [
    `<script type="module" crossorigin src="/${entry.file}"></script>`,
    ...staticImports(manifest, PUBLIC_ENTRY).map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
  ];
  return template.replace(APP_SCRIPTS, "").replace("</head>", `    ${tags.join("\n    ")}\n  </head>`);
}
