import type { ReactNode } from "react";
import type { ContentPage } from "#shared/content.js";
import type { Bootstrap } from "#shared/site.js";
import { BootstrapProvider } from "./bootstrap.js";
import { PageDataProvider } from "./page-data.js";

/** What every React root reads: the operator's settings and plans, and the page's own data. */
export function AppProviders({ bootstrap, pageData, children }: { bootstrap: Bootstrap; pageData: ContentPage | null; children: ReactNode }) {
  return (
    <BootstrapProvider value={bootstrap}>
      <PageDataProvider value={pageData}>{children}</PageDataProvider>
    </BootstrapProvider>
  );
}
