import { describe, expect, it } from "vitest";
import { HDKey } from "@scure/bip32";
import { bech32, createBase58check } from "@scure/base";
import { pbkdf2 } from "@noble/hashes/pbkdf2.js";
import { sha256, sha512 } from "@noble/hashes/sha2.js";
import { deriveDepositAddress, validateExtendedPublicKey } from "./derive-address.js";

// BIP84 test vector, account 0 (m/84'/0'/0').
const MNEMONIC =
  "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about";
const ZPUB =
  "zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs";
const ZPRV =
  "zprvAdG4iTXWBoARxkkzNpNh8r6Qag3irQB8PzEMkAFeTRXxHpbF9z4QgEvBRmfvqWvGp42t42nvgGpNgYSJA9iefm1yYNZKEm7z6qUWCroSQnE";
const ADDRESS_0 = "bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu";
const ADDRESS_1 = "bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g";

const base58check = createBase58check(sha256);

function withVersion(key: string, version: number): string {
  const payload = base58check.decode(key).slice();
  new DataView(payload.buffer, payload.byteOffset, payload.byteLength).setUint32(0, version, false);
  return base58check.encode(payload);
}

const XPUB = withVersion(ZPUB, 0x0488b21e);
const TPUB = withVersion(ZPUB, 0x043587cf);
const VPUB = withVersion(ZPUB, 0x045f1cf6);

describe("deriveDepositAddress", () => {
  it("matches the BIP84 receive addresses for the zpub", () => {
    expect(deriveDepositAddress(ZPUB, 0)).toBe(ADDRESS_0);
    expect(deriveDepositAddress(ZPUB, 1)).toBe(ADDRESS_1);
  });

  it("gives the same addresses when the key carries xpub version bytes", () => {
    expect(XPUB.startsWith("xpub")).toBe(true);
    expect(deriveDepositAddress(XPUB, 0)).toBe(ADDRESS_0);
    expect(deriveDepositAddress(XPUB, 1)).toBe(ADDRESS_1);
  });

  it("uses the tb hrp for tpub and vpub keys, with the same witness program", () => {
    const mainnetProgram = bech32.decode(ADDRESS_0).words;
    for (const key of [TPUB, VPUB]) {
      const address = deriveDepositAddress(key, 0);
      expect(address.startsWith("tb1q")).toBe(true);
      expect(bech32.decode(address as `${string}1${string}`).words).toEqual(mainnetProgram);
    }
  });

  it("the vector zpub really is m/84'/0'/0' of the vector mnemonic", () => {
    // Guards the vector itself: BIP39 seed = PBKDF2-HMAC-SHA512(mnemonic, "mnemonic", 2048).
    const seed = pbkdf2(sha512, MNEMONIC, "mnemonic", { c: 2048, dkLen: 64 });
    const account = HDKey.fromMasterSeed(seed, { public: 0x04b24746, private: 0x04b2430c }).derive("m/84'/0'/0'");
    expect(account.publicExtendedKey).toBe(ZPUB);
    expect(account.privateExtendedKey).toBe(ZPRV);
  });

  it("matches BIP84 testnet derivation m/84'/1'/0'/0/0", () => {
    const seed = pbkdf2(sha512, MNEMONIC, "mnemonic", { c: 2048, dkLen: 64 });
    const vpub = HDKey.fromMasterSeed(seed, { public: 0x045f1cf6, private: 0x045f18bc })
      .derive("m/84'/1'/0'")
      .publicExtendedKey;
    expect(vpub.startsWith("vpub")).toBe(true);
    expect(deriveDepositAddress(vpub, 0)).toBe("tb1q6rz28mcfaxtmd6v789l9rrlrusdprr9pqcpvkl");
  });

  it("accepts the largest non-hardened index", () => {
    expect(deriveDepositAddress(ZPUB, 2 ** 31 - 1)).toMatch(/^bc1q[02-9ac-hj-np-z]{38}$/);
  });

  it.each([-1, 2 ** 31, 2 ** 32, 1.5, Number.NaN, Number.POSITIVE_INFINITY])("refuses index %s", (index) => {
    expect(() => deriveDepositAddress(ZPUB, index)).toThrow(RangeError);
  });

  it.each([
    ["empty", ""],
    ["garbage", "not a key"],
    ["one character changed", ZPUB.slice(0, -1) + (ZPUB.endsWith("s") ? "t" : "s")],
    ["truncated", ZPUB.slice(0, 60)],
    ["surrounded by whitespace", ` ${ZPUB}\n`],
    ["a ypub (BIP49, different script type)", withVersion(ZPUB, 0x049d7cb2)],
    ["unknown version bytes", withVersion(ZPUB, 0x01020304)],
    ["a bitcoin address", ADDRESS_0],
  ])("refuses a bad key: %s", (_label, key) => {
    expect(() => deriveDepositAddress(key, 0)).toThrow("BITCOIN_XPUB is not a valid xpub or zpub");
  });

  it("refuses private keys so the server stays watch-only", () => {
    const xprv = withVersion(ZPRV, 0x0488ade4);
    expect(xprv.startsWith("xprv")).toBe(true);
    for (const key of [ZPRV, xprv]) {
      expect(() => deriveDepositAddress(key, 0)).toThrow(/private extended key/);
    }
  });

  it("refuses private key material relabelled with public version bytes", () => {
    const disguised = withVersion(ZPRV, 0x04b24746);
    expect(disguised.startsWith("zpub")).toBe(true);
    expect(() => deriveDepositAddress(disguised, 0)).toThrow("BITCOIN_XPUB is not a valid xpub or zpub");
  });

  it("does not echo the key in error messages", () => {
    let message = "";
    try {
      deriveDepositAddress(ZPRV, 0);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).not.toBe("");
    expect(message).not.toContain(ZPRV);
  });
});

describe("validateExtendedPublicKey", () => {
  it("accepts public keys", () => {
    for (const key of [ZPUB, XPUB, TPUB, VPUB]) expect(validateExtendedPublicKey(key)).toBe(true);
  });

  it("rejects bad and private keys without throwing", () => {
    for (const key of ["", "xpub", ZPRV, ZPUB.toLowerCase(), ADDRESS_0]) {
      expect(validateExtendedPublicKey(key)).toBe(false);
    }
  });
});
