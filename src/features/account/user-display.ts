/** How the header shows a person (spec §2 account area). Pure, so it is unit-tested. */
import type { CurrentUser } from '../../shared/schemas/user';

/** Avatar letter: first letter of the first name, else of the e-mail uppercased, else 'U'. */
export function avatarInitial(user: Pick<CurrentUser, 'firstName' | 'email'>): string {
  const source = user.firstName.trim() || user.email.trim();
  const first = [...source][0];
  return first ? first.toUpperCase() : 'U';
}

/** First name, or `unnamed` (the screen's word for 'User') when there is none. */
export function displayFirstName(user: Pick<CurrentUser, 'firstName'>, unnamed = 'User'): string {
  return user.firstName.trim() || unnamed;
}
