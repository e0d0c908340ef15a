import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

interface ManifestChunk {
  file: string;
}

/** The public pages' entry in the client build (vite.config.ts, `rollupOptions.input`). */
const PUBLIC_ENTRY = "public-entry.ts";

/** Vite's own tags for the dashboard app: its entry script and the chunks it preloads. */
const APP_SCRIPTS = /\s*<script type="module" crossorigin src="\/assets\/[^"]+\.js"><\/script>|\s*<link rel="modulepreload" crossorigin href="\/assets\/[^"]+\.js">/g;

/**
 * The pre-rendered public pages load the small public script (web/public-entry.ts), not the
 * dashboard app the template names (decision 0064): this swaps Vite's tags in the template for that
 * script, found in the build's manifest. Without a manifest (an old build) the template is left as
 * it is. Its imports are not preloaded: a preload is fetched at high priority, beside the page's
 * first paint, for scripts that only add behaviour to HTML already on screen.
 */
export function publicTemplate(template: string, clientDir: string): string {
  const manifestFile = path.join(clientDir, ".vite", "manifest.json");
  if (!existsSync(manifestFile)) return template;
  const manifest = JSON.parse(readFileSync(manifestFile, "utf8")) as Record<string, ManifestChunk>;
  const entry = manifest[PUBLIC_ENTRY];
  if (!entry) return template;
  const script = `<script type="module" crossorigin src="/${entry.file}"></script>`;
  return template.replace(APP_SCRIPTS, "").replace("</head>", `    ${script}\n  </head>`);
}
