import { isAccountRefusal } from "./account-refusals.js";
import { ApiError } from "./api.js";
import { explainBadRequest, NOT_AUTHENTICATED } from "./request-errors.js";

export interface MoneyOutFailure {
  /** The sentence to show for the whole form (empty when a field carries it). */
  message: string;
  /** Field messages keyed by the form's own names. */
  fields: Record<string, string>;
  /** 409: already answered or decided elsewhere, or the balance was not enough. */
  conflict: boolean;
}

/**
 * Reads a refused call that moves money (payouts, transfers, money requests, back-office
 * decisions): the server's own sentence (limits, balance, unknown e-mail, already decided),
 * attached to the form field it concerns when the server names one. `names` maps the API's
 * field names to the form's.
 */
export function moneyOutFailure(error: unknown, names: Record<string, string>, fallback: string): MoneyOutFailure {
  if (!(error instanceof ApiError)) return { message: fallback, fields: {}, conflict: false };
  // Said by <AccountRefusalNotice>, with the way out (resend the link, turn on two-factor).
  if (isAccountRefusal(error)) return { message: "", fields: {}, conflict: false };
  if (error.status === 401) return { message: NOT_AUTHENTICATED, fields: {}, conflict: false };
  // A payout to an address not (yet) usable on the investor's list: the server's reason, on the address field.
  if ((error.status === 400 || error.status === 404 || error.code === "ADDRESS_NOT_ALLOWED") && error.message) {
    const { message, fields } = explainBadRequest(error, names);
    return { message: Object.keys(fields).length > 0 ? "" : message, fields, conflict: false };
  }
  if (error.status === 409) return { message: error.message || fallback, fields: {}, conflict: true };
  // A rule refused this caller ("you approved this payout", "this is your own payout"): the server's
  // sentence says who may act instead, which "try again" would hide.
  if (error.status === 403 && error.code === "FORBIDDEN" && error.message) return { message: error.message, fields: {}, conflict: false };
  if (error.status === 0 || error.status === 429) return { message: error.message || fallback, fields: {}, conflict: false };
  return { message: fallback, fields: {}, conflict: false };
}
