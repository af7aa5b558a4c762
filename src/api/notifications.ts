import { API_PATHS, type Notification, type NotificationListMode, type SetReadResponse } from '../../core/api/contract';
import { apiClient } from './instance';

export const listNotifications = (mode: NotificationListMode, client = apiClient()) =>
  client<Notification[]>(API_PATHS.notifications, { query: { mode } });

export const markAllNotificationsRead = (client = apiClient()) =>
  client<SetReadResponse>(API_PATHS.notifications, { query: { mode: 'set_read' } });

export const deleteNotification = (id: number, client = apiClient()) =>
  client<void>(API_PATHS.notifications, { method: 'DELETE', query: { id } });
