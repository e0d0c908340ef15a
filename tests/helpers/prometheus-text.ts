/** Every sample of a Prometheus text exposition as `name{labels}` → value. */
export function samples(text: string): Map<string, number> {
  const found = new Map<string, number>();
  for (const line of text.split("\n")) {
    if (!line || line.startsWith("#")) continue;
    const at = line.lastIndexOf(" ");
    found.set(line.slice(0, at), Number(line.slice(at + 1)));
  }
  return found;
}
