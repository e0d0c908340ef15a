import type { ContactMessageInput } from "#shared/schemas/contact.js";
import { apiRequest } from "#web/lib/api.js";

/** Plain fetch, no TanStack Query: the contact page is public and its bundle stays small. */
export function sendContactMessage(input: ContactMessageInput): Promise<{ id: string }> {
  return apiRequest<{ id: string }>("/api/contact", { body: input });
}
