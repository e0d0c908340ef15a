import "./styles.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { DashboardApp } from "./dashboard-app.js";
import { AppProviders } from "./lib/app-providers.js";
import { readBootstrap } from "./lib/embedded.js";

const root = document.getElementById("root");
if (!root) throw new Error("#root is missing");

/* The dashboard shell arrives empty; public pages load web/public-entry.ts instead (server/http/page-scripts.ts). */
createRoot(root).render(
  <StrictMode>
    <AppProviders bootstrap={readBootstrap()} pageData={null}>
      <BrowserRouter>
        <DashboardApp />
      </BrowserRouter>
    </AppProviders>
  </StrictMode>,
);
