import "./styles.css";
import { StrictMode } from "react";
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

// Public pages arrive pre-rendered and are hydrated once their code is here; the dashboard shell arrives empty.
if (root.hasChildNodes()) {
  preloadPage(window.location.pathname).then(
    () => hydrateRoot(root, app),
    (error: unknown) => {
      console.error("Could not load this page's code", error);
      hydrateRoot(root, app);
    },
  );
} else {
  createRoot(root).render(app);
}
