import * as z from "zod/mini";

export const notificationDto = z.object({
  id: z.string(),
  kind: z.string(),
  title: z.string(),
  body: z.string(),
  /** An in-app path to open, e.g. "/dashboard/transaction". */
  link: z.nullable(z.string()),
  readAt: z.nullable(z.string()),
  createdAt: z.string(),
});
export type NotificationDto = z.infer<typeof notificationDto>;

export const notificationListDto = z.object({
  notifications: z.array(notificationDto),
  unread: z.number(),
});
export type NotificationListDto = z.infer<typeof notificationListDto>;
