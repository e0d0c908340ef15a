import type { ReferralDto } from "#shared/schemas/public.js";
import { apiRequest } from "#web/lib/api.js";
import { refreshSession, sessionState } from "#web/lib/session-store.js";

/** Wires the pre-rendered referral section (components/referral-section.tsx). */
export function enhanceReferral(root: HTMLElement): void {
  const part = <T extends HTMLElement>(name: string) => root.querySelector<T>(`[data-referral-${name}]`)!;
  const [reveal, panel, copy, failed] = [part<HTMLButtonElement>("reveal"), part("link"), part("copy"), part("failed")];
  const field = panel.querySelector("input")!;
  let copiedTimer: ReturnType<typeof setTimeout> | undefined;

  const showCopied = (copied: boolean) => copy.querySelectorAll<HTMLElement>("[data-copied]").forEach((label) => (label.hidden = label.dataset.copied !== String(copied)));

  reveal.addEventListener("click", async () => {
    if (sessionState().status === "loading") await refreshSession();
    const state = sessionState();
    if (state.status !== "ready" || !state.current) return window.location.assign("/signup");
    failed.hidden = true;
    try {
      const { url } = await apiRequest<ReferralDto>("/api/me/referral");
      field.value = url;
      panel.hidden = false;
      reveal.hidden = true;
    } catch {
      failed.hidden = false;
    }
  });
  field.addEventListener("focus", () => field.select());
  copy.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(field.value);
    } catch {
      failed.hidden = false;
      return;
    }
    showCopied(true);
    clearTimeout(copiedTimer);
    copiedTimer = setTimeout(() => showCopied(false), 2000);
  });
}
