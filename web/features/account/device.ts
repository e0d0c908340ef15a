/** "Chrome on Windows": enough for a person to tell their sessions apart, from the User-Agent the server kept. */
export function describeDevice(userAgent: string | null | undefined): string {
  const agent = userAgent ?? "";
  const browser = /Edg\//.test(agent) ? "Edge" : /Chrome\//.test(agent) ? "Chrome" : /Firefox\//.test(agent) ? "Firefox" : /Safari\//.test(agent) ? "Safari" : "Unknown browser";
  const system = /Android/.test(agent) ? "Android" : /iPhone|iPad/.test(agent) ? "iOS" : /Windows/.test(agent) ? "Windows" : /Mac OS/.test(agent) ? "macOS" : /Linux/.test(agent) ? "Linux" : "unknown system";
  return `${browser} on ${system}`;
}
