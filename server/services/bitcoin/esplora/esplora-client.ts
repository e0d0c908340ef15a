import { z } from "zod";
import { MAX_SATS, type Sats } from "#shared/money.js";
import { getFromSource, parseJson, shapeReason, SourceError } from "../source-request.js";

/**
 * What one Esplora-compatible API (Blockstream's Esplora, mempool.space's, or a self-hosted one)
 * says about the payments to one address, read through two documented endpoints only:
 *
 * - `GET {base}/address/:address/txs`: the address's transactions, newest first: up to 50 from the
 *   mempool, then the first 25 confirmed ones; further confirmed ones come from
 *   `GET {base}/address/:address/txs/chain/:last_seen_txid`, 25 at a time, which is followed while
 *   a page is full (an invoice's address normally has one or two).
 * - `GET {base}/blocks/tip/height`: the height of the source's best block, as plain text. It is
 *   read after the transactions, so a transaction's block is never above the tip read with it.
 *
 * Every answer is checked with zod before use; anything else is a `SourceError`.
 */

/** One transaction that pays the address, as one source sees it. */
export interface AddressPayment {
  txid: string;
  /** What the transaction's outputs pay to this address, in satoshis (above 0). */
  sats: Sats;
  /** tip − block height + 1 when in a block; 0 in the mempool. */
  confirmations: number;
  blockHeight: number | null;
  /** The block's timestamp (miner-set, roughly the hour it was mined); null in the mempool. */
  blockTime: Date | null;
  /** Signals replace-by-fee (BIP125): an input's sequence below 0xfffffffe. Meaningful while unconfirmed. */
  rbf: boolean;
}

/** One source's view of an address. */
export interface SourceView {
  /** The configured base URL. */
  source: string;
  tipHeight: number;
  /** Sorted by txid. */
  payments: AddressPayment[];
}

/** Esplora's documented page size for confirmed transactions. */
const CONFIRMED_PER_PAGE = 25;
/** 40 pages, 1,000 confirmed transactions: far beyond any invoice; past it the source is not believed. */
const MAX_PAGES = 40;
/** A page of 75 transactions with many inputs and outputs stays well under this. */
const MAX_PAGE_BYTES = 8 * 1024 * 1024;
const FINAL_SEQUENCE_FLOOR = 0xfffffffe;

const height = z.number().int().min(0).max(100_000_000);

const esploraTx = z.object({
  txid: z.string().regex(/^[0-9a-f]{64}$/, "is not a transaction id"),
  status: z.discriminatedUnion("confirmed", [
    z.object({ confirmed: z.literal(false) }),
    z.object({ confirmed: z.literal(true), block_height: height, block_time: z.number().int().min(0) }),
  ]),
  vin: z.array(z.object({ sequence: z.number().int().min(0).max(0xffffffff) })).min(1),
  vout: z.array(
    z.object({
      // Absent for outputs without an address (OP_RETURN, bare scripts).
      scriptpubkey_address: z.string().optional(),
      value: z.number().int().min(0).max(Number(MAX_SATS)),
    }),
  ),
});
type EsploraTx = z.infer<typeof esploraTx>;

const txPage = z.array(esploraTx).max(200);

export interface EsploraReadOptions {
  /** The whole read (every page and the tip) must end within this. */
  timeoutMs: number;
}

/** Reads what `source` says about `address`; throws `SourceError` when it is down, slow or answers garbage. */
export async function readAddressFromSource(source: string, address: string, options: EsploraReadOptions): Promise<SourceView> {
  const deadline = AbortSignal.timeout(options.timeoutMs);
  const get = async (path: string, accept: string) => {
    try {
      return (await getFromSource(source, `${source}${path}`, { timeoutMs: options.timeoutMs, maxBytes: MAX_PAGE_BYTES, accept, signal: deadline })).text;
    } catch (error) {
      if (deadline.aborted) throw new SourceError(source, `did not answer within ${options.timeoutMs / 1000} s`);
      throw error;
    }
  };
  const base = `/address/${encodeURIComponent(address)}/txs`;

  const byId = new Map<string, EsploraTx>();
  let path = base;
  for (let page = 0; ; page++) {
    if (page === MAX_PAGES) throw new SourceError(source, `lists more than ${MAX_PAGES * CONFIRMED_PER_PAGE} confirmed transactions for one address`);
    const parsed = txPage.safeParse(parseJson(source, await get(path, "application/json")));
    if (!parsed.success) throw new SourceError(source, shapeReason(parsed.error.issues));
    let confirmed = 0;
    let lastConfirmed: string | undefined;
    for (const tx of parsed.data) {
      // A transaction mined between two pages shows in both: its confirmed copy wins.
      if (!byId.get(tx.txid)?.status.confirmed) byId.set(tx.txid, tx);
      if (tx.status.confirmed) {
        confirmed++;
        lastConfirmed = tx.txid;
      }
    }
    if (confirmed < CONFIRMED_PER_PAGE || !lastConfirmed) break;
    path = `${base}/chain/${lastConfirmed}`;
  }

  const tipText = (await get("/blocks/tip/height", "text/plain")).trim();
  if (!/^\d{1,9}$/.test(tipText)) throw new SourceError(source, "answered a tip height that is not a whole number");
  const tipHeight = Number(tipText);

  const payments: AddressPayment[] = [];
  for (const tx of byId.values()) {
    const sats = tx.vout.reduce((sum, output) => (output.scriptpubkey_address === address ? sum + BigInt(output.value) : sum), 0n);
    // Transactions that pay the address nothing (a sweep of it, say) are not payments to it.
    if (sats === 0n) continue;
    if (sats > MAX_SATS) throw new SourceError(source, `answered transaction ${tx.txid} paying more than 21 million bitcoin`);
    const rbf = tx.vin.some((input) => input.sequence < FINAL_SEQUENCE_FLOOR);
    if (!tx.status.confirmed) {
      payments.push({ txid: tx.txid, sats, confirmations: 0, blockHeight: null, blockTime: null, rbf });
      continue;
    }
    const { block_height: blockHeight, block_time: blockTime } = tx.status;
    if (blockHeight > tipHeight) throw new SourceError(source, `answered transaction ${tx.txid} in block ${blockHeight}, above its tip ${tipHeight}`);
    payments.push({ txid: tx.txid, sats, confirmations: tipHeight - blockHeight + 1, blockHeight, blockTime: new Date(blockTime * 1000), rbf });
  }
  payments.sort((a, b) => (a.txid < b.txid ? -1 : a.txid > b.txid ? 1 : 0));
  return { source, tipHeight, payments };
}
