/** Operator-written Markdown pages (blog posts, terms, privacy, risk), rendered to HTML on the server. */
export interface PostSummary {
  slug: string;
  title: string;
  date: string;
  summary: string;
}

export type ContentPage =
  | { kind: "blog-index"; path: "/blog"; title: string; description: string; posts: PostSummary[] }
  | { kind: "post"; path: string; title: string; description: string; date: string; html: string }
  | { kind: "legal"; path: string; title: string; description: string; html: string };

export const LEGAL_PAGES = [
  { slug: "terms", label: "Terms of Service" },
  { slug: "privacy", label: "Privacy Policy" },
  { slug: "risk", label: "Risk Disclosure" },
] as const;
