import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * How a stand-in source misbehaves, for the test to switch at any moment:
 * `up` answers as the real API would; `down` drops the connection without an answer; `error`
 * answers HTTP 503; `garbage` answers 200 with bytes that are not JSON; `wrong-shape` answers 200
 * with JSON of another shape; `hang` never answers (until the server closes).
 */
export type StubBehaviour = "up" | "down" | "error" | "garbage" | "wrong-shape" | "hang";

export interface StubAnswer {
  status: number;
  body: string;
  type?: string;
  headers?: Record<string, string>;
}

export interface HttpStub {
  url: string;
  /** Every request's path and query, in arrival order. */
  readonly requests: string[];
  close(): Promise<void>;
}

/**
 * A node:http server on 127.0.0.1 whose answers come from `answer` while `control.behaviour` is
 * `up`, and from the behaviour otherwise (the test switches it on the object it holds).
 * `wrongShape` is the JSON it sends for `wrong-shape`.
 */
export async function startHttpStub(
  stub: { behaviour: StubBehaviour },
  answer: (path: string, query: URLSearchParams) => StubAnswer,
  wrongShape: unknown,
): Promise<HttpStub> {
  const requests: string[] = [];
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? "/", "http://stub");
    requests.push(`${url.pathname}${url.search}`);
    const send = ({ status, body, type = "application/json", headers = {} }: StubAnswer) => {
      response.writeHead(status, { "content-type": type, "content-length": Buffer.byteLength(body), ...headers });
      response.end(body);
    };
    switch (stub.behaviour) {
      case "down":
        request.socket.destroy();
        return;
      case "hang":
        return;
      case "error":
        return send({ status: 503, body: JSON.stringify({ message: "service unavailable" }) });
      case "garbage":
        return send({ status: 200, body: "<html><body>502 Bad Gateway</body></html>" });
      case "wrong-shape":
        return send({ status: 200, body: JSON.stringify(wrongShape) });
      case "up":
        if (request.method !== "GET") return send({ status: 405, body: "{}" });
        return send(answer(url.pathname, url.searchParams));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
