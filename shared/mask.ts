/** "Ada Obi" → "A** O**": enough to see activity is real, not enough to identify anyone. */
export function maskName(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean).slice(0, 2);
  if (words.length === 0) return "Anonymous";
  return words.map((word) => `${[...word][0]?.toUpperCase() ?? ""}${"*".repeat(Math.max(2, Math.min(5, [...word].length - 1)))}`).join(" ");
}

/** "bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu" → "bc1qcr…6fyu"; short values are hidden entirely. */
export function maskAddress(address: string): string {
  const value = address.trim();
  if (value.length <= 12) return "****";
  return `${value.slice(0, 6)}…${value.slice(-4)}`;
}
