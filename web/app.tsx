import { Navigate, Route, Routes } from "react-router";
import { PublicLayout } from "./components/layout/public-layout.js";
import { IslandSlot } from "./islands/island-root.js";
import { LAZY_PUBLIC_PAGES } from "./routes/public-pages.js";
import { HomePage } from "./routes/public/home.js";
import { NotFoundPage } from "./routes/public/not-found.js";

/**
 * The public pages, rendered on the server only (web/entry-server.tsx): in the browser they stay
 * HTML with small scripts (web/public-entry.ts), and an island page's form is its own React root,
 * rendered here as an empty slot the server fills (web/islands).
 */
export function PublicApp() {
  return (
    <Routes>
      <Route element={<PublicLayout />}>
        <Route index element={<HomePage />} />
        {LAZY_PUBLIC_PAGES.map(({ path, Page, island }) => (
          <Route key={path} path={path} element={island ? <IslandSlot /> : <Page />} />
        ))}
        <Route path="packages" element={<Navigate to="/plan" replace />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
