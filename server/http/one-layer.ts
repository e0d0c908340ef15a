import type { MiddlewareHandler } from "hono";

/**
 * Runs several middleware as one layer of Hono's chain: each calls the next directly, and the last
 * calls the layer's own `next`. Hono's compose wraps every layer in an async dispatch and awaits it,
 * promises that every request pays for even when the middleware only looks at the method and goes
 * on (decision 0040).
 *
 * Members go on by calling `next()` and refuse by throwing: a throw stops the members after it and
 * the route, and Hono turns the error into a response as it would have for the member alone. The
 * members before it do not see that response, so what every response needs is not done after
 * `next()` in a member (the request frame presets it instead).
 */
export function oneLayer(...members: MiddlewareHandler[]): MiddlewareHandler {
  return (c, next) => {
    const run = (index: number): Promise<void> => {
      const member = members[index];
      if (!member) return next();
      return member(c, () => run(index + 1)) as Promise<void>;
    };
    return run(0);
  };
}
