import { createContext, useContext, type ReactNode } from "react";
import type { Bootstrap } from "#shared/site.js";

const BootstrapContext = createContext<Bootstrap | null>(null);

export function BootstrapProvider({ value, children }: { value: Bootstrap; children: ReactNode }) {
  return <BootstrapContext.Provider value={value}>{children}</BootstrapContext.Provider>;
}

/** The operator's settings and plans, identical on the server render and the first browser render. */
export function useBootstrap(): Bootstrap {
  const value = useContext(BootstrapContext);
  if (!value) throw new Error("useBootstrap outside BootstrapProvider");
  return value;
}
