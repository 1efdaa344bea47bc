/** Maps a users row to the CurrentUser the PWA sees (no password hash, no timestamps). */
import { isLocale } from '../../src/shared/i18n/locales';
import type { CurrentUser } from '../../src/shared/schemas/user';
import { ADMIN_ROLE } from '../store/admin-account';
import type { UserRow } from '../store/schema';

export function toCurrentUser(row: UserRow): CurrentUser {
  return {
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    phone: row.phone,
    avatar: row.avatar,
    status: row.status,
    role: row.role === ADMIN_ROLE ? 'admin' : 'customer',
    language: isLocale(row.language) ? row.language : null,
  };
}
