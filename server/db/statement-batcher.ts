/**
 * Group commit for one kind of statement (decision 0038): calls that arrive while this server's
 * statement of that kind is under way wait and then go together as the next statement, up to `max`
 * at a time; a call that finds none under way goes at once, alone. Under load N calls then share
 * one statement and one commit, where they would each have queued for a commit of their own behind
 * the same row locks; a quiet server answers as fast as before.
 *
 * A statement is all or nothing, so when a statement of several fails (one call's refusal, say)
 * each of its calls runs again alone, one after another, and gets its own answer or its own error.
 * The queue lives in this process only: a call is answered when its statement has committed or
 * failed, never before.
 */
export class StatementBatcher<Call, Answer> {
  private readonly waiting: Array<{ call: Call; resolve: (answer: Answer) => void; reject: (error: unknown) => void }> = [];
  private running = false;

  constructor(
    private readonly run: (calls: Call[]) => Promise<Answer[]>,
    private readonly max: number,
  ) {}

  send(call: Call): Promise<Answer> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ call, resolve, reject });
      // drain() settles every call's promise itself and never rejects.
      if (!this.running) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.running = true;
    try {
      while (this.waiting.length > 0) await this.runBatch(this.waiting.splice(0, this.max));
    } finally {
      this.running = false;
    }
  }

  private async runBatch(batch: typeof this.waiting): Promise<void> {
    try {
      const answers = await this.run(batch.map((entry) => entry.call));
      batch.forEach((entry, index) => entry.resolve(answers[index] as Answer));
    } catch (error) {
      if (batch.length === 1) return batch[0]!.reject(error);
      for (const entry of batch) {
        try {
          const [answer] = await this.run([entry.call]);
          entry.resolve(answer as Answer);
        } catch (alone) {
          entry.reject(alone);
        }
      }
    }
  }
}
