import "./styles.css";
import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { App, AppProviders, createQueryClient } from "./app.js";
import { readBootstrap } from "./lib/bootstrap.js";

const root = document.getElementById("root");
if (!root) throw new Error("#root is missing");

const app = (
  <StrictMode>
    <AppProviders bootstrap={readBootstrap()} queryClient={createQueryClient()}>
      <BrowserRouter>
        <App />
      </BrowserRouter>
    </AppProviders>
  </StrictMode>
);

// Public pages arrive pre-rendered and are hydrated; the dashboard shell arrives empty.
if (root.hasChildNodes()) hydrateRoot(root, app);
else createRoot(root).render(app);
