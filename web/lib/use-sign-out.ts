import { useState } from "react";
import { useNavigate } from "react-router";
import { signOut } from "./session.js";

/** Signs out, then goes to `to` whatever the server answered. */
export function useSignOut(to: string) {
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  const run = () => {
    setPending(true);
    signOut()
      .catch((error: unknown) => console.error("Sign-out failed", error))
      .finally(() => {
        setPending(false);
        navigate(to, { replace: true });
      });
  };
  return { signOut: run, pending };
}
