import { FeatureCards } from "./feature-cards.js";
import { Calculator, Eye, FileWarning, Lock, LockKeyhole, ShieldCheck } from "lucide-react";

/** Each card is a promise the product keeps today; nothing here is a guarantee of returns. */
const REASONS = [
  { icon: Eye, title: "Terms shown up front", text: "Every plan shows its minimum, its rate and its term before you invest. The rate is for the whole term." },
  { icon: Lock, title: "Your terms stay yours", text: "An investment keeps the rate and term it was made under, even if a plan changes later." },
  { icon: Calculator, title: "Exact to the cent", text: "Amounts are counted in whole cents and profit is rounded half up, the same way on the calculator and on your account." },
  { icon: ShieldCheck, title: "Careful sign-in", text: "Passwords are stored only as hashes, common passwords are refused, and sessions end when they should." },
  { icon: FileWarning, title: "Plain about risk", text: "We say what can go wrong in plain words, and we never call a return guaranteed." },
  { icon: LockKeyhole, title: "No tracking", text: "One cookie keeps you signed in. No advertising or tracking cookies, and we do not sell your data." },
];

export function WhyChooseUs() {
  return <FeatureCards items={REASONS} className="sm:grid-cols-2 lg:grid-cols-3" />;
}
