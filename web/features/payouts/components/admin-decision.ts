export type PayoutOutcome = { tone: "success" | "error"; text: string };
