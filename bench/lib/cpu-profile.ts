import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}

interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples?: number[];
}

export interface SelfTime {
  name: string;
  pct: number;
}

/** Where a sampled frame's code lives: a package, Node.js itself, the app's bundle, or V8 (GC, idle). */
function owner(url: string, functionName: string): string {
  if (!url) return `(${functionName || "anonymous"})`;
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1]!;
  if (url.startsWith("node:")) return url.replace(/\.js$/, "").split("/").slice(0, 3).join("/");
  if (url.includes("/dist/server/")) return "app (dist/server)";
  if (url.includes("/dist/ssr/")) return "app (dist/ssr)";
  return path.basename(url);
}

/** Self time of every `.cpuprofile` in `dir` (node --cpu-prof), by owner and by function, as % of samples. */
export function summarizeProfiles(dir: string, top = 25): { samples: number; byOwner: SelfTime[]; byFunction: SelfTime[] } {
  const byOwner = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let total = 0;
  for (const file of readdirSync(dir).filter((name) => name.endsWith(".cpuprofile"))) {
    const profile = JSON.parse(readFileSync(path.join(dir, file), "utf8")) as Profile;
    for (const node of profile.nodes) {
      const hits = node.hitCount ?? 0;
      if (!hits) continue;
      total += hits;
      const { functionName, url, lineNumber } = node.callFrame;
      const where = owner(url, functionName);
      byOwner.set(where, (byOwner.get(where) ?? 0) + hits);
      const fn = `${functionName || "(anonymous)"} ${url ? `${where}:${lineNumber + 1}` : ""}`.trim();
      byFunction.set(fn, (byFunction.get(fn) ?? 0) + hits);
    }
  }
  const rank = (map: Map<string, number>) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, hits]) => ({ name, pct: (100 * hits) / Math.max(1, total) }));
  return { samples: total, byOwner: rank(byOwner), byFunction: rank(byFunction) };
}
