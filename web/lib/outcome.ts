/** What a form tells the user after it tried something: shown in an <Alert> of that tone. */
export type Outcome = { tone: "success" | "error"; text: string };
