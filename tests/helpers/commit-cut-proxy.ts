import net from "node:net";

/**
 * A TCP proxy in front of PostgreSQL that cuts the connection at the COMMIT of a transaction that
 * posted a journal (called `post_journal`), once armed: the client sees its connection die without
 * an answer, as when a network or a database fails at that moment. `afterCommit` forwards the
 * COMMIT and swallows the database's answer (the server committed; the answer is lost), otherwise
 * the COMMIT is never sent (the server rolls back). It reads only the frontend protocol's message frames (a type byte and a length),
 * never answers anything itself.
 */
export interface CommitCutProxy {
  url: string;
  /** Cuts the next such COMMIT; resolves once it did. */
  arm(mode: { afterCommit: boolean }): Promise<void>;
  close(): Promise<void>;
}

/** The SQL a Query ("Q": the text) or Parse ("P": a statement name, then the text) message carries; "" for any other. */
function queryText(type: string, message: Buffer): string {
  const body = message.subarray(5).toString("utf8");
  if (type === "Q") return body;
  return type === "P" ? body.slice(body.indexOf("\0") + 1) : "";
}

export async function startCommitCutProxy(databaseUrl: string): Promise<CommitCutProxy> {
  const target = new URL(databaseUrl);
  let armed: { afterCommit: boolean; done: () => void } | undefined;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    sockets.add(client).add(upstream);
    const cut = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on("error", cut).on("close", cut);
    upstream.on("error", cut).on("close", cut);
    upstream.pipe(client);
    let buffered = Buffer.alloc(0);
    let started = false;
    let postedJournal = false;
    client.on("data", (chunk: Buffer) => {
      buffered = Buffer.concat([buffered, chunk]);
      for (;;) {
        // The startup message has no type byte; every later one does.
        const header = started ? 5 : 4;
        if (buffered.length < header) return;
        const length = buffered.readInt32BE(started ? 1 : 0) + (started ? 1 : 0);
        if (buffered.length < length) return;
        const message = buffered.subarray(0, length);
        buffered = buffered.subarray(length);
        const type = started ? String.fromCharCode(message[0]!) : "";
        started = true;
        const text = queryText(type, message);
        if (text.includes("post_journal(")) postedJournal = true;
        const isCommit = /^\s*commit\b/i.test(text);
        if (isCommit && postedJournal && armed) {
          const { afterCommit, done } = armed;
          armed = undefined;
          const hangUp = () => {
            cut();
            done();
          };
          if (!afterCommit) return hangUp();
          // The database answers only once the COMMIT is durable and visible; that answer is what
          // the client never hears. Cutting before it came raced the commit itself.
          upstream.unpipe(client);
          upstream.once("data", hangUp).resume();
          upstream.write(message);
          return;
        }
        if (isCommit || /^\s*rollback\b/i.test(text)) postedJournal = false;
        upstream.write(message);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = new URL(databaseUrl);
  url.hostname = "127.0.0.1";
  url.port = String((server.address() as net.AddressInfo).port);
  return {
    url: url.toString(),
    arm: ({ afterCommit }) => new Promise<void>((resolve) => (armed = { afterCommit, done: resolve })),
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
