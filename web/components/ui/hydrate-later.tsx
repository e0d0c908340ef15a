import { Suspense, type ReactNode } from "react";

/**
 * A Suspense boundary around server-rendered content: React hydrates the page shell first and
 * each boundary in its own later task, so no single long task blocks the main thread.
 */
export function HydrateLater({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}
