import { bech32, bech32m, createBase58check } from "@scure/base";
import { sha256 } from "@noble/hashes/sha2.js";

// Shared with the browser: keep to @scure/base and @noble/hashes, no Node APIs.

export type BitcoinNetwork = "mainnet" | "testnet";

interface NetworkParams {
  hrp: string;
  p2pkh: number;
  p2sh: number;
}

const NETWORKS: Record<BitcoinNetwork, NetworkParams> = {
  mainnet: { hrp: "bc", p2pkh: 0x00, p2sh: 0x05 },
  // Signet shares testnet's prefixes, so this covers it too.
  testnet: { hrp: "tb", p2pkh: 0x6f, p2sh: 0xc4 },
};

// BIP173 caps a whole bech32 string at 90 characters.
const BECH32_MAX_LENGTH = 90;
// A 25-byte payload never needs more than 35 base58 characters; the cap also keeps the
// quadratic base58 decoder away from pasted junk.
const BASE58_MAX_LENGTH = 35;
const BASE58_PAYLOAD_BYTES = 21;

const base58check = createBase58check(sha256);

function isValidSegwitAddress(address: string, hrp: string): boolean {
  if (address.length > BECH32_MAX_LENGTH) return false;
  const lower = address.toLowerCase();
  // BIP173: all-uppercase is fine (QR codes use it), a mix of cases never is.
  if (address !== lower && address !== address.toUpperCase()) return false;

  // No string is valid under both checksums, so whichever decodes tells us the variant.
  const asBech32 = bech32.decodeUnsafe(lower, BECH32_MAX_LENGTH);
  const asBech32m = asBech32 ? undefined : bech32m.decodeUnsafe(lower, BECH32_MAX_LENGTH);
  const decoded = asBech32 ?? asBech32m;
  if (!decoded || decoded.prefix !== hrp) return false;

  const [version, ...programWords] = decoded.words;
  if (version === undefined || version > 16) return false;
  // BIP350: v0 keeps the original bech32 checksum, v1+ must use bech32m. Accepting the
  // wrong one would reopen the insertion bug bech32m was created to fix.
  if ((version === 0) !== Boolean(asBech32)) return false;

  // fromWords also refuses non-zero or over-long padding, which BIP173 requires.
  const program = bech32.fromWordsUnsafe(programWords);
  if (!program || program.length < 2 || program.length > 40) return false;
  if (version === 0 && program.length !== 20 && program.length !== 32) return false;
  return true;
}

function isValidBase58Address(address: string, params: NetworkParams): boolean {
  if (address.length > BASE58_MAX_LENGTH) return false;
  let payload: Uint8Array;
  try {
    payload = base58check.decode(address);
  } catch {
    return false;
  }
  if (payload.length !== BASE58_PAYLOAD_BYTES) return false;
  return payload[0] === params.p2pkh || payload[0] === params.p2sh;
}

/**
 * Whether `address` is a well-formed Bitcoin address for `network`: P2PKH/P2SH (base58check)
 * or a native SegWit address of any witness version (bech32 for v0, bech32m for v1+).
 * It checks form and checksum only; it cannot tell whether anyone holds the keys.
 */
export function isValidBitcoinAddress(address: string, network: BitcoinNetwork = "mainnet"): boolean {
  if (typeof address !== "string" || address.length === 0) return false;
  const params = NETWORKS[network];
  if (!params) return false;
  if (address.toLowerCase().startsWith(`${params.hrp}1`)) return isValidSegwitAddress(address, params.hrp);
  return isValidBase58Address(address, params);
}
