/** A tiny browser stand-in: keeps cookies, sends Origin (better-auth's CSRF check) and a client address. */
export class HttpClient {
  readonly cookies = new Map<string, { value: string; maxAge?: number }>();

  constructor(
    readonly baseUrl: string,
    readonly ip = `10.${rand()}.${rand()}.${rand()}`,
  ) {}

  async request(path: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}): Promise<Response> {
    const headers: Record<string, string> = { Origin: this.baseUrl, "X-Forwarded-For": this.ip, ...init.headers };
    if (init.body !== undefined) headers["Content-Type"] = "application/json";
    const cookie = [...this.cookies].map(([name, { value }]) => `${name}=${value}`).join("; ");
    if (cookie) headers.Cookie = cookie;
    const response = await fetch(new URL(path, this.baseUrl), {
      method: init.method ?? (init.body === undefined ? "GET" : "POST"),
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      redirect: "manual",
    });
    for (const line of response.headers.getSetCookie()) this.store(line);
    return response;
  }

  post(path: string, body: unknown = {}) {
    return this.request(path, { body });
  }

  get(path: string) {
    return this.request(path);
  }

  private store(line: string) {
    const [pair = "", ...attributes] = line.split(";").map((part) => part.trim());
    const index = pair.indexOf("=");
    const name = pair.slice(0, index);
    const value = pair.slice(index + 1);
    const maxAgeAttr = attributes.find((attr) => attr.toLowerCase().startsWith("max-age="));
    const maxAge = maxAgeAttr ? Number(maxAgeAttr.split("=")[1]) : undefined;
    if (value === "" || maxAge === 0) this.cookies.delete(name);
    else this.cookies.set(name, { value, maxAge });
  }

  sessionCookie() {
    for (const [name, cookie] of this.cookies) if (name.endsWith("session_token")) return cookie;
    return undefined;
  }
}

function rand() {
  return Math.floor(Math.random() * 250) + 1;
}
