import { AsyncLocalStorage } from "node:async_hooks";

/**
 * The current HTTP request's id, for the audit log: services record entries deep inside
 * transactions, and threading the id through every signature would touch every admin service.
 * Set around each request by the request log (server/http/request-log.ts); undefined outside one
 * (jobs, the CLI).
 */
const store = new AsyncLocalStorage<{ requestId: string }>();

export const runWithRequestId = <T>(requestId: string, run: () => Promise<T>): Promise<T> => store.run({ requestId }, run);

export const currentRequestId = (): string | undefined => store.getStore()?.requestId;
