export interface NotificationDto {
  id: string;
  kind: string;
  title: string;
  body: string;
  /** An in-app path to open, e.g. "/dashboard/transaction". */
  link: string | null;
  readAt: string | null;
  createdAt: string;
}

export interface NotificationListDto {
  notifications: NotificationDto[];
  unread: number;
}
