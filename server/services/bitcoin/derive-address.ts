import { HDKey } from "@scure/bip32";
import { bech32, createBase58check } from "@scure/base";
import { ripemd160 } from "@noble/hashes/legacy.js";
import { sha256 } from "@noble/hashes/sha2.js";

interface KeyFormat {
  /** Version bytes of the public extended key we accept. */
  public: number;
  /** Matching private version; @scure/bip32 insists on a full pair even for watch-only use. */
  private: number;
  /** Bech32 human-readable part of the addresses this key pays to. */
  hrp: "bc" | "tb";
}

// Wallets label the same BIP84 account key differently: Electrum/Sparrow say zpub,
// while Ledger, Trezor and many others export it with plain xpub bytes. The key
// material is identical, so both yield the same P2WPKH addresses.
const PUBLIC_FORMATS: ReadonlyMap<number, KeyFormat> = new Map([
  [0x0488b21e, { public: 0x0488b21e, private: 0x0488ade4, hrp: "bc" }], // xpub
  [0x04b24746, { public: 0x04b24746, private: 0x04b2430c, hrp: "bc" }], // zpub
  [0x043587cf, { public: 0x043587cf, private: 0x04358394, hrp: "tb" }], // tpub
  [0x045f1cf6, { public: 0x045f1cf6, private: 0x045f18bc, hrp: "tb" }], // vpub
]);

// Recognised only so a pasted private key gets a pointed error instead of a generic one:
// the server must never hold spending keys.
const PRIVATE_VERSIONS: ReadonlySet<number> = new Set([
  0x0488ade4, // xprv
  0x04b2430c, // zprv
  0x049d7878, // yprv
  0x04358394, // tprv
  0x045f18bc, // vprv
  0x044a4e28, // uprv
]);

const EXTERNAL_CHAIN = 0;
const MAX_NON_HARDENED_INDEX = 2 ** 31 - 1;
const EXTENDED_KEY_BYTES = 78;

const INVALID_KEY_MESSAGE = "BITCOIN_XPUB is not a valid xpub or zpub";

const base58check = createBase58check(sha256);

interface ParsedKey {
  node: HDKey;
  hrp: KeyFormat["hrp"];
}

function parseExtendedPublicKey(extendedPublicKey: string): ParsedKey {
  if (typeof extendedPublicKey !== "string" || extendedPublicKey.length === 0) {
    throw new Error(INVALID_KEY_MESSAGE);
  }

  let payload: Uint8Array;
  try {
    payload = base58check.decode(extendedPublicKey);
  } catch {
    throw new Error(INVALID_KEY_MESSAGE);
  }
  if (payload.length !== EXTENDED_KEY_BYTES) throw new Error(INVALID_KEY_MESSAGE);

  const view = new DataView(payload.buffer, payload.byteOffset, payload.byteLength);
  const version = view.getUint32(0, false);
  if (PRIVATE_VERSIONS.has(version)) {
    throw new Error(
      "BITCOIN_XPUB is a private extended key; configure the account's public key (xpub or zpub) so the server stays watch-only",
    );
  }
  const format = PUBLIC_FORMATS.get(version);
  if (!format) throw new Error(INVALID_KEY_MESSAGE);

  let node: HDKey;
  try {
    // HDKey also rejects public keys that are not on the curve.
    node = HDKey.fromExtendedKey(extendedPublicKey, { public: format.public, private: format.private });
  } catch {
    throw new Error(INVALID_KEY_MESSAGE);
  }
  // Belt and braces: version bytes are only a label, and a private key under public
  // version bytes must still never be accepted.
  if (node.privateKey !== null || node.publicKey === null) throw new Error(INVALID_KEY_MESSAGE);

  return { node, hrp: format.hrp };
}

/** True when `key` is an extended public key that deriveDepositAddress can use. */
export function validateExtendedPublicKey(key: string): boolean {
  try {
    parseExtendedPublicKey(key);
    return true;
  } catch {
    return false;
  }
}

/**
 * BIP84 native SegWit (P2WPKH) receive address `index` on the external chain of an
 * account-level extended public key, i.e. `<account>/0/<index>`.
 */
export function deriveDepositAddress(extendedPublicKey: string, index: number): string {
  // Hardened indexes cannot be derived from a public key, so anything at or above 2^31
  // is a caller bug rather than something to wrap or clamp.
  if (!Number.isInteger(index) || index < 0 || index > MAX_NON_HARDENED_INDEX) {
    throw new RangeError(`Deposit address index must be an integer from 0 to ${MAX_NON_HARDENED_INDEX}, got ${index}`);
  }

  const { node, hrp } = parseExtendedPublicKey(extendedPublicKey);
  const child = node.deriveChild(EXTERNAL_CHAIN).deriveChild(index);
  const publicKey = child.publicKey;
  if (publicKey === null) throw new Error("Derived key has no public key");

  const program = ripemd160(sha256(publicKey));
  return bech32.encode(hrp, [0, ...bech32.toWords(program)]);
}
