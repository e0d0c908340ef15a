import { randomBytes } from "node:crypto";
import { startHttpStub, type StubAnswer, type StubBehaviour } from "./http-stub.js";

/**
 * A bitcoin chain the test writes, and Esplora-compatible servers that read it to the product.
 *
 * `TestChain` holds blocks and a mempool: `pay()` puts a transaction paying an address into the
 * mempool (optionally signalling replace-by-fee), `mine()` mines blocks (the first takes the
 * mempool, or only the transactions named), `reorg()` replaces the last blocks with a longer
 * branch, leaving out (double-spent) the transactions named, and `clone()` copies the chain so a
 * second source can be made to see something else.
 *
 * `startEsploraServer(chain)` serves a chain through the documented Esplora endpoints only, in
 * Esplora's JSON: `GET /blocks/tip/height` (plain text), `GET /address/:address/txs` (up to 50
 * mempool transactions, newest first, then the first 25 confirmed, newest first) and
 * `GET /address/:address/txs/chain/:last_seen_txid` (the next 25 confirmed). Several servers may
 * serve one chain (sources that agree); `server.chain = other` switches what one of them sees.
 */

interface Output {
  address: string;
  sats: number;
}

interface TestTx {
  txid: string;
  outputs: Output[];
  /** The input's nSequence: 0xffffffff final, 0xfffffffe locktime only, below that replace-by-fee (BIP125). */
  sequence: number;
  fee: number;
}

interface Block {
  height: number;
  hash: string;
  time: number;
  txids: string[];
}

const hex32 = () => randomBytes(32).toString("hex");
/** A sender's change address (any address but the one watched). */
const CHANGE_ADDRESS = "bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh";
const CONFIRMED_PER_PAGE = 25;
const MEMPOOL_PER_ANSWER = 50;

export class TestChain {
  private blocks: Block[];
  private mempool: string[] = [];
  private txs = new Map<string, TestTx>();

  /** A chain whose tip is at `tipHeight`, its blocks ten minutes apart, the tip mined at `now`. */
  constructor(tipHeight = 850_000, private readonly now: () => Date = () => new Date()) {
    this.blocks = [{ height: tipHeight, hash: hex32(), time: Math.floor(now().getTime() / 1000), txids: [] }];
  }

  get tipHeight(): number {
    return this.blocks.at(-1)!.height;
  }

  /**
   * A transaction paying `sats` to `address` enters the mempool; its id is returned. `rbf` sets its
   * input's sequence to 0xfffffffd (BIP125), `sequence` to any value; `outputs` adds more outputs
   * (to the same or another address).
   */
  pay(address: string, sats: number, options: { rbf?: boolean; sequence?: number; outputs?: Output[] } = {}): string {
    const txid = hex32();
    const sequence = options.sequence ?? (options.rbf ? 0xfffffffd : 0xffffffff);
    this.txs.set(txid, { txid, outputs: [{ address, sats }, ...(options.outputs ?? []), { address: CHANGE_ADDRESS, sats: 12_345 }], sequence, fee: 1_410 });
    this.mempool.push(txid);
    return txid;
  }

  /** Makes this chain (a clone, served by one source) say `txid` pays `address` another amount: a source that lies. */
  misreport(txid: string, address: string, sats: number): void {
    const tx = this.txs.get(txid);
    const output = tx?.outputs.find((candidate) => candidate.address === address);
    if (!tx || !output) throw new Error(`${txid} does not pay ${address}`);
    this.txs.set(txid, { ...tx, outputs: tx.outputs.map((candidate) => (candidate === output ? { ...candidate, sats } : candidate)) });
  }

  /** Mines `count` blocks; the first takes `include` (default: the whole mempool). Returns the new tip height. */
  mine(count = 1, include?: readonly string[]): number {
    for (let i = 0; i < count; i++) {
      const taken = i > 0 ? [] : include ? this.mempool.filter((txid) => include.includes(txid)) : [...this.mempool];
      this.mempool = this.mempool.filter((txid) => !taken.includes(txid));
      const time = Math.max(this.blocks.at(-1)!.time + 1, Math.floor(this.now().getTime() / 1000));
      this.blocks.push({ height: this.tipHeight + 1, hash: hex32(), time, txids: taken });
    }
    return this.tipHeight;
  }

  /** Mines one block holding `txid` (or the whole mempool). */
  confirm(txid?: string): number {
    return this.mine(1, txid ? [txid] : undefined);
  }

  /**
   * A reorganisation: the last `depth` blocks are replaced by `length` new ones (default depth + 1,
   * so the new branch is longer). Their transactions return to the mempool, except those in `drop`,
   * which vanish (a double spend won). Returns the new tip height.
   */
  reorg(depth: number, options: { drop?: readonly string[]; length?: number } = {}): number {
    if (depth < 1 || depth >= this.blocks.length) throw new RangeError("reorg depth must leave the first block");
    const removed = this.blocks.splice(this.blocks.length - depth, depth);
    const back = removed.flatMap((block) => block.txids);
    const drop = new Set(options.drop ?? []);
    for (const txid of drop) this.txs.delete(txid);
    this.mempool = [...back.filter((txid) => !drop.has(txid)), ...this.mempool.filter((txid) => !drop.has(txid))];
    for (let i = 0; i < (options.length ?? depth + 1); i++) this.mine(1, []);
    return this.tipHeight;
  }

  /** Removes a transaction from the mempool (replaced by fee, or dropped); a mined one cannot be. */
  evict(txid: string): void {
    if (!this.mempool.includes(txid)) throw new Error(`${txid} is not in the mempool`);
    this.mempool = this.mempool.filter((id) => id !== txid);
    this.txs.delete(txid);
  }

  /** An independent copy, for a source that will see something else from now on. */
  clone(): TestChain {
    const copy = new TestChain(0, this.now);
    copy.blocks = this.blocks.map((block) => ({ ...block, txids: [...block.txids] }));
    copy.mempool = [...this.mempool];
    copy.txs = new Map([...this.txs].map(([id, tx]) => [id, { ...tx, outputs: tx.outputs.map((output) => ({ ...output })) }]));
    return copy;
  }

  /** Esplora's JSON for one transaction. */
  private toJson(tx: TestTx, block: Block | undefined) {
    const total = tx.outputs.reduce((sum, output) => sum + output.sats, 0) + tx.fee;
    return {
      txid: tx.txid,
      version: 2,
      locktime: 0,
      vin: [
        {
          txid: hex32(),
          vout: 0,
          prevout: { scriptpubkey: `0014${"ab".repeat(20)}`, scriptpubkey_asm: "OP_0 OP_PUSHBYTES_20", scriptpubkey_type: "v0_p2wpkh", scriptpubkey_address: CHANGE_ADDRESS, value: total },
          scriptsig: "",
          scriptsig_asm: "",
          witness: ["30440220", "02ab"],
          is_coinbase: false,
          sequence: tx.sequence,
        },
      ],
      vout: [
        ...tx.outputs.map((output) => ({ scriptpubkey: `0014${"cd".repeat(20)}`, scriptpubkey_asm: "OP_0 OP_PUSHBYTES_20", scriptpubkey_type: "v0_p2wpkh", scriptpubkey_address: output.address, value: output.sats })),
        { scriptpubkey: "6a0474657374", scriptpubkey_asm: "OP_RETURN OP_PUSHBYTES_4 74657374", scriptpubkey_type: "op_return", value: 0 },
      ],
      size: 222,
      weight: 561,
      fee: tx.fee,
      status: block ? { confirmed: true, block_height: block.height, block_hash: block.hash, block_time: block.time } : { confirmed: false },
    };
  }

  private pays(txid: string, address: string): boolean {
    return this.txs.get(txid)?.outputs.some((output) => output.address === address) ?? false;
  }

  /** `GET /address/:address/txs` (or `/txs/chain/:after` for the next confirmed page), as Esplora answers it. */
  addressTxs(address: string, after?: string) {
    const confirmed = [...this.blocks]
      .reverse()
      .flatMap((block) => [...block.txids].reverse().map((txid) => ({ txid, block })))
      .filter(({ txid }) => this.pays(txid, address));
    if (after !== undefined) {
      const at = confirmed.findIndex(({ txid }) => txid === after);
      return at < 0 ? [] : confirmed.slice(at + 1, at + 1 + CONFIRMED_PER_PAGE).map(({ txid, block }) => this.toJson(this.txs.get(txid)!, block));
    }
    const pending = [...this.mempool]
      .reverse()
      .filter((txid) => this.pays(txid, address))
      .slice(0, MEMPOOL_PER_ANSWER)
      .map((txid) => this.toJson(this.txs.get(txid)!, undefined));
    return [...pending, ...confirmed.slice(0, CONFIRMED_PER_PAGE).map(({ txid, block }) => this.toJson(this.txs.get(txid)!, block))];
  }
}

export interface EsploraServer {
  url: string;
  /** The chain this server reads; assign another to make it see something else. */
  chain: TestChain;
  behaviour: StubBehaviour;
  /** Every request's path, in arrival order. */
  readonly requests: string[];
  close(): Promise<void>;
}

export async function startEsploraServer(chain: TestChain): Promise<EsploraServer> {
  // The test changes `chain` and `behaviour` on the object it is given; the stub reads them on each request.
  const server: EsploraServer = {
    url: "",
    chain,
    behaviour: "up",
    get requests() {
      return stub.requests;
    },
    close: () => stub.close(),
  };
  const answer = (path: string): StubAnswer => {
    if (path === "/blocks/tip/height") return { status: 200, body: String(server.chain.tipHeight), type: "text/plain" };
    const match = /^\/address\/([^/]+)\/txs(?:\/chain\/([0-9a-f]{64}))?$/.exec(path);
    if (match) return { status: 200, body: JSON.stringify(server.chain.addressTxs(decodeURIComponent(match[1]!), match[2])) };
    return { status: 404, body: "Not Found", type: "text/plain" };
  };
  const stub = await startHttpStub(server, answer, [{ txid: 42, status: "confirmed", vout: "none" }]);
  server.url = stub.url;
  return server;
}
