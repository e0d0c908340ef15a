import type { ReactNode } from "react";
import { createPortal } from "react-dom";

/**
 * Renders a fixed overlay (the phone menu) as a child of <body>. A `position: fixed` box is placed
 * against the viewport only while no ancestor has a transform, filter or backdrop-filter; inside
 * the blurred site header it was placed against the 64 px header instead and showed one link.
 * Render it only while open: it needs `document`, which the pre-rendered page does not have.
 */
export function Overlay({ children }: { children: ReactNode }) {
  return createPortal(children, document.body);
}
