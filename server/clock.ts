/** Where "now" comes from, so tests can move time (maturity dates, expiry) without waiting. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** The system time plus an offset that tests can move forward; never used in production. */
export class AdjustableClock implements Clock {
  private offsetMs = 0;

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  advance(ms: number): void {
    if (!Number.isFinite(ms) || ms < 0) throw new RangeError("The clock only moves forward.");
    this.offsetMs += ms;
  }
}
