import { StrictMode, useEffect, type ComponentType } from "react";
import { Router, type Location, type Navigator } from "react-router";
import type { ContentPage } from "#shared/content.js";
import type { Bootstrap } from "#shared/site.js";
import { ErrorBoundary } from "#web/components/layout/error-boundary.js";
import { AppProviders } from "#web/lib/app-providers.js";
import { markHydrated } from "#web/lib/embedded.js";

/** The island's own useId prefix, so its ids never meet those of the page around it. */
export const ISLAND_ID_PREFIX = "island-";

/** What the page around an island holds where the island goes (web/app.tsx, web/entry-server.tsx). */
export const ISLAND_SLOT = '<div data-island=""></div>';

export function IslandSlot() {
  return <div data-island="" />;
}

function HydrationMarker() {
  useEffect(markHydrated, []);
  return null;
}

/**
 * A public page's form, the one part of a public page that React renders in the browser. The
 * server renders this same tree on its own (no router around it but this one) and the browser
 * hydrates exactly it, so the two match; the navigator decides what a navigation does.
 */
export function IslandRoot(props: { bootstrap: Bootstrap; pageData: ContentPage | null; location: Partial<Location>; navigator: Navigator; Page: ComponentType }) {
  const { Page } = props;
  return (
    <StrictMode>
      <ErrorBoundary>
        <AppProviders bootstrap={props.bootstrap} pageData={props.pageData}>
          <Router location={props.location} navigator={props.navigator}>
            <HydrationMarker />
            <Page />
          </Router>
        </AppProviders>
      </ErrorBoundary>
    </StrictMode>
  );
}
