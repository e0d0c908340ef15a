import { describe, expect, it } from "vitest";
import { isValidBitcoinAddress } from "./bitcoin-address.js";

const P2WPKH_0 = "bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu";
const P2WPKH_1 = "bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g";
const P2PKH = "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa";
const P2SH = "3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy";
const TAPROOT = "bc1p5d7rjq7g6rdk2yhzks9smlaqtedr4dekq08ge8ztwac72sfr9rusxg3297";

/** Swap one character for another from the same alphabet so only the checksum can catch it. */
function changeOneChar(address: string, position: number): string {
  const alphabet = address.startsWith("bc1") || address.startsWith("tb1")
    ? "qpzry9x8gf2tvdw0s3jn54khce6mua7l"
    : "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
  const current = address[position];
  const replacement = [...alphabet].find((c) => c !== current);
  if (replacement === undefined) throw new Error("unreachable");
  return address.slice(0, position) + replacement + address.slice(position + 1);
}

describe("isValidBitcoinAddress on mainnet", () => {
  it.each([
    ["P2WPKH (BIP84 index 0)", P2WPKH_0],
    ["P2WPKH (BIP84 index 1)", P2WPKH_1],
    ["P2PKH (genesis)", P2PKH],
    ["P2SH", P2SH],
    ["P2TR", TAPROOT],
    // BIP173 / BIP350 vectors.
    ["P2WPKH in upper case", "BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4"],
    ["P2WSH", "bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3"],
    ["P2TR (BIP350)", "bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0"],
    ["v1 with a 40-byte program", "bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7kt5nd6y"],
    ["v16 with a 2-byte program", "BC1SW50QGDZ25J"],
    ["v2 with a 16-byte program", "bc1zw508d6qejxtdg4y5r3zarvaryvaxxpcs"],
  ])("accepts %s", (_label, address) => {
    expect(isValidBitcoinAddress(address)).toBe(true);
    expect(isValidBitcoinAddress(address, "mainnet")).toBe(true);
  });

  it.each([
    ["empty", ""],
    ["whitespace around it", ` ${P2WPKH_0} `],
    ["junk", "hello"],
    ["too short", "bc1q"],
    ["bech32 with an empty data part", "bc1gmk9yu"],
    ["base58 too short", P2PKH.slice(0, 20)],
    ["base58 too long", `${P2PKH}1`],
    ["P2WPKH with one character changed", changeOneChar(P2WPKH_0, 20)],
    ["P2WPKH with its last character changed", changeOneChar(P2WPKH_1, P2WPKH_1.length - 1)],
    ["P2TR with one character changed", changeOneChar(TAPROOT, 30)],
    ["P2PKH with one character changed", changeOneChar(P2PKH, 10)],
    ["P2SH with one character changed", changeOneChar(P2SH, 33)],
    ["mixed case", "bc1qW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4"],
    ["mixed case in the hrp", "Bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu"],
    ["wrong hrp", "tc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq5zuyut"],
    ["regtest hrp", "bcrt1q7x4gvph9j5p7j0mpj95fs7l7dcn6sf6clqq72j"],
    ["testnet P2WPKH", "tb1q6rz28mcfaxtmd6v789l9rrlrusdprr9pqcpvkl"],
    ["testnet P2WSH", "tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7"],
    ["testnet P2PKH", "mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn"],
    ["testnet P2SH", "2MzQwSSnBHWHqSAqtTVQ6v47XtaisrJa1Vc"],
    // BIP350 invalid vectors.
    ["v1 with a bech32 checksum", "bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqh2y7hd"],
    ["v16 with a bech32 checksum", "BC1S0XLXVLHEMJA6C4DQV22UAPCTQUPFHLXM9H8Z3K2E72Q4K9HCZ7VQ54WELL"],
    ["v0 with a bech32m checksum", "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kemeawh"],
    ["invalid character in the checksum", "bc1p38j9r5y49hruaue7wxjce0updqjuyyx0kh56v8s25huc6995vvpql3jow4"],
    ["witness version 17", "BC130XLXVLHEMJA6C4DQV22UAPCTQUPFHLXM9H8Z3K2E72Q4K9HCZ7VQ7ZWS8R"],
    ["1-byte program", "bc1pw5dgrnzv"],
    ["41-byte program", "bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7v8n0nx0muaewav253zgeav"],
    ["v0 with a 16-byte program", "BC1QR508D6QEJXTDG4Y5R3ZARVARYV98GJ9P"],
    ["more than 4 bits of zero padding", "bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7v07qwwzcrf"],
    ["non-zero padding", "bc1zw508d6qejxtdg4y5r3zarvaryvqyzf3du"],
  ])("refuses %s", (_label, address) => {
    expect(isValidBitcoinAddress(address)).toBe(false);
  });

  it("refuses very long input quickly", () => {
    expect(isValidBitcoinAddress("1".repeat(100_000))).toBe(false);
    expect(isValidBitcoinAddress(`bc1${"q".repeat(100_000)}`)).toBe(false);
  });
});

describe("isValidBitcoinAddress on testnet", () => {
  it.each([
    ["P2WPKH", "tb1q6rz28mcfaxtmd6v789l9rrlrusdprr9pqcpvkl"],
    ["P2WSH", "tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7"],
    ["P2WSH (BIP350)", "tb1qqqqqp399et2xygdj5xreqhjjvcmzhxw4aywxecjdzew6hylgvsesrxh6hy"],
    ["P2TR (BIP350)", "tb1pqqqqp399et2xygdj5xreqhjjvcmzhxw4aywxecjdzew6hylgvsesf3hn0c"],
    ["P2PKH", "mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn"],
    ["P2SH", "2MzQwSSnBHWHqSAqtTVQ6v47XtaisrJa1Vc"],
  ])("accepts %s", (_label, address) => {
    expect(isValidBitcoinAddress(address, "testnet")).toBe(true);
  });

  it.each([
    ["mainnet P2WPKH", P2WPKH_0],
    ["mainnet P2TR", TAPROOT],
    ["mainnet P2PKH", P2PKH],
    ["mainnet P2SH", P2SH],
    ["v2 with a bech32 checksum", "tb1z0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqglt7rf"],
    ["v0 with a bech32m checksum", "tb1q0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq24jc47"],
    ["mixed case", "tb1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq47Zagq"],
    ["non-zero padding", "tb1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vpggkg4j"],
  ])("refuses %s", (_label, address) => {
    expect(isValidBitcoinAddress(address, "testnet")).toBe(false);
  });
});
