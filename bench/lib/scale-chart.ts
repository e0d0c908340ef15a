/**
 * docs/scale.svg: one small panel per measure, the small size's cost beside the large size's, each
 * bar labelled with its figure (p99 in ms for a request, seconds for daily work). Plain SVG text,
 * no library: the file is a picture BENCHMARKS.md shows and a reader can open anywhere.
 */
import type { Measure, SizeResult } from "./scale-measures.js";

const PANEL_W = 230;
const PANEL_H = 120;
const COLUMNS = 4;
const BAR_W = 56;
const COLORS = ["#94a3b8", "#0f766e"] as const;

const escape = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** The figure a panel compares: p99 (ms) for requests, seconds for daily work. */
function cost(measure: Measure): { value: number; label: string } {
  if (measure.group === "daily") return { value: measure.seconds!, label: `${measure.seconds!.toFixed(measure.seconds! < 10 ? 2 : 0)} s` };
  return { value: measure.p99!, label: `${measure.p99} ms` };
}

export function scaleChart(results: SizeResult[]): string {
  const [small, large] = results as [SizeResult, SizeResult];
  const names = small.measures.map((m) => m.name);
  const rows = Math.ceil(names.length / COLUMNS);
  const width = PANEL_W * COLUMNS + 20;
  const height = PANEL_H * rows + 70;
  const sizes = [small, large].map((r) => `${r.investors.toLocaleString("en-US")} investors`);
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img" aria-labelledby="title desc" font-family="system-ui, sans-serif">`,
    `<title id="title">Termvest: cost against size</title>`,
    `<desc id="desc">For each measure, its cost at ${sizes[0]} (grey) beside ${sizes[1]} (green): p99 latency under load for requests, seconds for daily work. Figures in BENCHMARKS.md.</desc>`,
    `<rect width="100%" height="100%" fill="#fff"/>`,
    `<text x="10" y="24" font-size="16" font-weight="600" fill="#0f172a">Cost against size (requests: p99 ms under load; daily work: seconds)</text>`,
    ...sizes.map((label, i) => `<rect x="${10 + i * 190}" y="36" width="12" height="12" fill="${COLORS[i]}"/><text x="${28 + i * 190}" y="46" font-size="12" fill="#334155">${escape(label)}</text>`),
  ];
  names.forEach((name, index) => {
    const x = 10 + (index % COLUMNS) * PANEL_W;
    const y = 60 + Math.floor(index / COLUMNS) * PANEL_H;
    const pair = [small, large].map((r) => r.measures.find((m) => m.name === name)).map((m) => (m ? cost(m) : { value: 0, label: "–" }));
    const top = Math.max(...pair.map((p) => p.value), 1e-9);
    parts.push(`<g transform="translate(${x},${y})"><text x="0" y="12" font-size="11" fill="#0f172a">${escape(name.length > 36 ? `${name.slice(0, 35)}…` : name)}</text>`);
    pair.forEach((p, i) => {
      const h = Math.max(1, (p.value / top) * 70);
      const bx = 20 + i * (BAR_W + 24);
      parts.push(`<rect x="${bx}" y="${95 - h}" width="${BAR_W}" height="${h}" fill="${COLORS[i]}"/><text x="${bx + BAR_W / 2}" y="${92 - h}" font-size="11" text-anchor="middle" fill="#0f172a">${escape(p.label)}</text>`);
    });
    parts.push(`<line x1="10" y1="95.5" x2="${PANEL_W - 30}" y2="95.5" stroke="#cbd5e1"/></g>`);
  });
  parts.push("</svg>");
  return `${parts.join("\n")}\n`;
}
