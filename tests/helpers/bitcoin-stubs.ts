import { startEsploraServer, type EsploraServer, type TestChain } from "./esplora-server.js";
import { startRateServer, type RateServer } from "./rate-servers.js";
import { TEST_ACCOUNT } from "./wallets.js";

/**
 * What a server in automatic crypto mode talks to, run by the test: two Esplora-compatible servers
 * reading `chain`, and a Kraken-shaped and a Coinbase-shaped rate server, both at `price`.
 * Relative imports only: the browser tests (e2e/) use this too.
 */
export interface BitcoinStubs {
  a: EsploraServer;
  b: EsploraServer;
  kraken: RateServer;
  coinbase: RateServer;
  /** The settings that put a server in automatic mode against these (the BIP84 test account's zpub). */
  env: Record<string, string>;
  /** Both exchanges answer `price` from now on. */
  setPrice(price: string): void;
  close(): Promise<void>;
}

export async function startBitcoinStubs(chain: TestChain, price: string): Promise<BitcoinStubs> {
  const [a, b, kraken, coinbase] = await Promise.all([startEsploraServer(chain), startEsploraServer(chain), startRateServer("kraken", price), startRateServer("coinbase", price)]);
  return {
    a,
    b,
    kraken,
    coinbase,
    env: { BITCOIN_XPUB: TEST_ACCOUNT, BITCOIN_ESPLORA_URLS: `${a.url},${b.url}`, BTC_RATE_SOURCES: `${kraken.setting},${coinbase.setting}` },
    setPrice(next) {
      kraken.price = next;
      coinbase.price = next;
    },
    close: async () => {
      await Promise.all([a, b, kraken, coinbase].map((stub) => stub.close()));
    },
  };
}
