import { StrictMode, useEffect, type ComponentType, type ReactNode } from "react";
import { Router, type Location, type Navigator } from "react-router";
import type { ContentPage } from "#shared/content.js";
import type { Bootstrap } from "#shared/site.js";
import { ErrorBoundary } from "#web/components/layout/error-boundary.js";
import { AppProviders } from "#web/lib/app-providers.js";
import { markHydrated } from "#web/lib/embedded.js";
import { useHydrated } from "#web/lib/use-hydrated.js";

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
 * The router of an island. The server knew the path alone (pre-rendered once for everyone), so the
 * hydrating render sees that too; the query and the navigation state follow right after.
 */
function IslandRouter({ location, navigator, children }: { location: Partial<Location>; navigator: Navigator; children: ReactNode }) {
  const hydrated = useHydrated();
  return (
    <Router location={hydrated ? location : { pathname: location.pathname }} navigator={navigator}>
      {children}
    </Router>
  );
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
          <IslandRouter location={props.location} navigator={props.navigator}>
            <HydrationMarker />
            <Page />
          </IslandRouter>
        </AppProviders>
      </ErrorBoundary>
    </StrictMode>
  );
}
