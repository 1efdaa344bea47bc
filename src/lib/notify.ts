/**
 * Notifications (spec §4, §9): one at a time, newest replaces older; auto-close by type.
 * Callable from anywhere (components, mutations, the outbox) through the app store.
 */
import { atom } from 'jotai';

import { appStore } from './store';

export type NotificationType = 'success' | 'info' | 'warning' | 'error';

export const NOTIFICATION_AUTO_CLOSE_MS: Record<NotificationType, number> = {
  success: 4200,
  info: 6200,
  warning: 5500,
  error: 7000,
};

export interface AppNotification {
  id: number;
  type: NotificationType;
  title: string;
  message?: string;
}

/** Newest first; the limit of one means the list holds at most one entry. */
export const NOTIFICATION_LIMIT = 1;
export const notificationsAtom = atom<AppNotification[]>([]);

let nextId = 1;

export function notify(notification: Omit<AppNotification, 'id'>): number {
  const id = nextId++;
  appStore.set(notificationsAtom, (current) => [{ ...notification, id }, ...current].slice(0, NOTIFICATION_LIMIT));
  return id;
}

export function dismissNotification(id: number): void {
  appStore.set(notificationsAtom, (current) => current.filter((n) => n.id !== id));
}

/**
 * Start a notification's auto-close timer (its type's time); returns the cancel function. The toaster
 * calls it per shown toast, so a toast replaced before its time never closes its successor.
 */
export function scheduleAutoDismiss(notification: Pick<AppNotification, 'id' | 'type'>): () => void {
  const timer = setTimeout(() => dismissNotification(notification.id), NOTIFICATION_AUTO_CLOSE_MS[notification.type]);
  return () => clearTimeout(timer);
}
