import "./styles.css";
import { StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { App, AppProviders } from "./app.js";
import { readBootstrap } from "./lib/bootstrap.js";
import { readPageData } from "./lib/page-data.js";
import { preloadPage } from "./routes/public-pages.js";

const root = document.getElementById("root");
if (!root) throw new Error("#root is missing");

const app = (
  <StrictMode>
    <AppProviders bootstrap={readBootstrap()} pageData={readPageData()}>
      <BrowserRouter>
        <App />
      </BrowserRouter>
    </AppProviders>
  </StrictMode>
);

/*
 * Public pages arrive pre-rendered and are hydrated once their code is here. Hydration starts in
 * a task of its own and runs as a transition, which React splits into short slices, so neither
 * loading the code nor hydrating blocks input for long. The dashboard shell arrives empty.
 */
const hydrate = () => setTimeout(() => startTransition(() => void hydrateRoot(root, app)), 0);
if (root.hasChildNodes()) {
  preloadPage(window.location.pathname).then(hydrate, (error: unknown) => {
    console.error("Could not load this page's code", error);
    hydrate();
  });
} else {
  createRoot(root).render(app);
}
