import { useId } from "react";
import { formatCents } from "#shared/money.js";
import { formatUtcDay } from "#web/lib/format-date.js";
import { FigureTable } from "./figure-table.js";

/** One day of one series: null when the day has not been summed yet. */
export interface ChartPoint {
  day: string;
  cents: number | null;
}

/** viewBox units: each day is a slot STEP wide; the plot is HEIGHT tall, its highest value TOP below the top. */
const STEP = 10;
const HEIGHT = 100;
const TOP = 4;

const yOf = (cents: number, max: number) => HEIGHT - (max > 0 ? (cents / max) * (HEIGHT - TOP) : 0);

/** A bar per day with money; a day with none (or not summed) has no bar, and a small amount still shows. */
function Bars({ points, max }: { points: ChartPoint[]; max: number }) {
  return points.map((point, index) =>
    point.cents ? (
      <rect key={point.day} x={index * STEP + 1} width={STEP - 2} y={Math.min(yOf(point.cents, max), HEIGHT - 1)} height={Math.max(HEIGHT - yOf(point.cents, max), 1)} className="fill-brand-600">
        <title>{`${formatUtcDay(point.day)}: ${formatCents(point.cents)}`}</title>
      </rect>
    ) : null,
  );
}

/**
 * A line through each run of summed days; a day not summed yet breaks it. A run of one day (today
 * just after midnight, before yesterday is summed) is drawn across its slot, as a point would be
 * squashed by the stretched viewBox.
 */
function linePath(points: ChartPoint[], max: number): string {
  const runs: Array<Array<{ index: number; cents: number }>> = [];
  points.forEach((point, index) => {
    if (point.cents === null) return;
    const run = runs.at(-1);
    if (run && run.at(-1)?.index === index - 1) run.push({ index, cents: point.cents });
    else runs.push([{ index, cents: point.cents }]);
  });
  return runs
    .map((run) =>
      run.length === 1
        ? `M${run[0]!.index * STEP} ${yOf(run[0]!.cents, max)}H${(run[0]!.index + 1) * STEP}`
        : run.map(({ index, cents }, at) => `${at === 0 ? "M" : "L"}${index * STEP + STEP / 2} ${yOf(cents, max)}`).join(""),
    )
    .join("");
}

/**
 * A small chart of one daily series in plain SVG, stretched to the width it is given, and the same
 * figures as a table behind a disclosure (newest first) for screen readers and exact amounts.
 */
export function DailyChart({ title, points, shape, summary, testId }: { title: string; points: ChartPoint[]; shape: "bars" | "line"; summary: string; testId: string }) {
  const id = useId();
  const width = points.length * STEP;
  const max = Math.max(0, ...points.map((point) => point.cents ?? 0));
  const first = points[0]?.day ?? "";
  const last = points.at(-1)?.day ?? "";
  return (
    <figure className="flex min-w-0 flex-col gap-1" aria-labelledby={`${id}-title`} data-testid={testId}>
      <figcaption>
        <h3 id={`${id}-title`} className="text-sm font-semibold text-brand-900">
          {title}
        </h3>
        <p className="text-sm text-slate-700 tabular-nums">{summary}</p>
      </figcaption>
      <p className="mt-1 text-xs text-slate-600 tabular-nums" aria-hidden="true">
        {formatCents(max)}
      </p>
      <svg
        role="img"
        aria-label={`${title} per day from ${formatUtcDay(first)} to ${formatUtcDay(last)}, highest ${formatCents(max)}. Every day is in the table below.`}
        viewBox={`0 0 ${width} ${HEIGHT}`}
        preserveAspectRatio="none"
        className="block h-28 w-full"
      >
        <line x1={0} x2={width} y1={TOP} y2={TOP} className="stroke-slate-200" strokeDasharray="4 4" vectorEffect="non-scaling-stroke" />
        <line x1={0} x2={width} y1={HEIGHT} y2={HEIGHT} className="stroke-slate-400" vectorEffect="non-scaling-stroke" />
        {shape === "bars" ? (
          <Bars points={points} max={max} />
        ) : (
          <path d={linePath(points, max)} fill="none" className="stroke-brand-800" strokeWidth={2} strokeLinejoin="round" vectorEffect="non-scaling-stroke" />
        )}
      </svg>
      <div className="flex justify-between text-xs text-slate-600" aria-hidden="true">
        <span>{formatUtcDay(first, { short: true })}</span>
        <span>Today</span>
      </div>
      <details className="mt-1 text-sm">
        <summary className="cursor-pointer font-medium text-brand-700 underline underline-offset-2">{title}: every day as a table</summary>
        <FigureTable
          label={`${title} per day, table`}
          caption={`${title} per UTC day, newest first`}
          columns={["Day", title]}
          rows={[...points].reverse().map((point) => ({
            key: point.day,
            header: `${formatUtcDay(point.day)}${point.day === last ? " (today, so far)" : ""}`,
            cells: [point.cents === null ? "Not summed yet" : formatCents(point.cents)],
          }))}
          boxClassName="mt-2 max-h-72 overflow-y-auto"
          tableClassName="w-full"
        />
      </details>
    </figure>
  );
}
