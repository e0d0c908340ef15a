import { startHttpStub, type StubAnswer, type StubBehaviour } from "./http-stub.js";

/**
 * Stand-ins for the exchanges' public price endpoints, answering exactly the documented paths and
 * shapes the product reads (server/services/bitcoin/rates/sources.ts), with the price, the
 * availability and the age of the answer in the test's hands:
 *
 * - Kraken, `GET /0/public/Ticker?pair=XBTUSD` → `{ error: [], result: { XXBTZUSD: { a, b, c, v, p, t, l, h, o } } }`
 *   (`c` = [last trade price, lot volume]); another pair gets Kraken's `EQuery:Unknown asset pair`.
 * - Coinbase, `GET /v2/prices/BTC-USD/spot` → `{ data: { amount, base: "BTC", currency: "USD" } }`.
 *
 * Any other path is a 404. `refusing` makes the exchange refuse as it does when limited (Kraken: an
 * `error` entry in a 200; Coinbase: HTTP 429 with its `errors` list).
 */
export type RateServerKind = "kraken" | "coinbase";

export interface RateServer {
  kind: RateServerKind;
  url: string;
  /** The `BTC_RATE_SOURCES` entry for this server: `kind=url`. */
  setting: string;
  /** The price it answers, as the exchange writes it ("65432.10000"). */
  price: string;
  behaviour: StubBehaviour;
  /** Answer as the exchange does when it limits the caller. */
  refusing: boolean;
  /** Seconds sent in an `Age` header, as a cache in front of the exchange would (0: none). */
  ageSeconds: number;
  /** Price requests received so far. */
  readonly hits: number;
  close(): Promise<void>;
}

function krakenAnswer(path: string, query: URLSearchParams, price: string, refusing: boolean): StubAnswer {
  if (path !== "/0/public/Ticker") return { status: 404, body: JSON.stringify({ error: ["EGeneral:Unknown method"] }) };
  if (refusing) return { status: 200, body: JSON.stringify({ error: ["EAPI:Rate limit exceeded"] }) };
  if (query.get("pair") !== "XBTUSD") return { status: 200, body: JSON.stringify({ error: ["EQuery:Unknown asset pair"] }) };
  const ticker = {
    a: [price, "1", "1.000"],
    b: [price, "2", "2.000"],
    c: [price, "0.00050000"],
    v: ["1402.35128193", "2210.87541276"],
    p: [price, price],
    t: [21534, 35012],
    l: [price, price],
    h: [price, price],
    o: price,
  };
  return { status: 200, body: JSON.stringify({ error: [], result: { XXBTZUSD: ticker } }) };
}

function coinbaseAnswer(path: string, price: string, refusing: boolean): StubAnswer {
  if (path !== "/v2/prices/BTC-USD/spot") return { status: 404, body: JSON.stringify({ errors: [{ id: "not_found", message: "Not found" }] }) };
  if (refusing) return { status: 429, body: JSON.stringify({ errors: [{ id: "rate_limit_exceeded", message: "Too many requests" }] }) };
  return { status: 200, body: JSON.stringify({ data: { amount: price, base: "BTC", currency: "USD" } }) };
}

export async function startRateServer(kind: RateServerKind, price: string): Promise<RateServer> {
  const pricePath = kind === "kraken" ? "/0/public/Ticker" : "/v2/prices/BTC-USD/spot";
  // The test changes these fields on the object it is given; the stub reads them on each request.
  const server: RateServer = {
    kind,
    url: "",
    setting: "",
    price,
    behaviour: "up",
    refusing: false,
    ageSeconds: 0,
    get hits() {
      return stub.requests.filter((request) => request.startsWith(pricePath)).length;
    },
    close: () => stub.close(),
  };
  const stub = await startHttpStub(
    server,
    (path, query) => {
      const answer = kind === "kraken" ? krakenAnswer(path, query, server.price, server.refusing) : coinbaseAnswer(path, server.price, server.refusing);
      return server.ageSeconds > 0 ? { ...answer, headers: { age: String(server.ageSeconds) } } : answer;
    },
    kind === "kraken" ? { error: [], result: { XXBTZUSD: { c: "not a list" } } } : { data: { amount: 65432.1, currency: "USD" } },
  );
  server.url = stub.url;
  server.setting = `${kind}=${stub.url}`;
  return server;
}
