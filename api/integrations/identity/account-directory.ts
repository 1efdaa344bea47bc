/**
 * The account directory port: where customer accounts live besides our own store (CMS=directus:
 * Directus users) and what must happen there at sign-up, sign-in and sign-out. The accounts service
 * (api/accounts/) runs one code path and asks the directory at each step; our store always holds the
 * account's row (sessions, orders, addresses and every ownership check stay ours). The embedded
 * default (local-directory.ts) keeps no accounts of its own: every step is a no-op and our store
 * keeps the password. See docs/decisions/0098-account-directory-port.md.
 */

/** An account as the directory knows it. */
export interface DirectoryAccount {
  /** Its stable id in the directory: user_identities.subject. */
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  phone: string | null;
  /** The directory lets it sign in (Directus status 'active'). */
  active: boolean;
}

/** A sign-in at the directory: the account and the directory's own session (ended with ours). */
export interface DirectorySignIn {
  account: DirectoryAccount;
  session: string;
}

export interface NewAccount {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  phone: string | null;
}

/** The directory already has an account with this e-mail (a sign-up answers 409). */
export class DirectoryEmailTakenError extends Error {}

export interface AccountDirectory {
  readonly name: 'local' | 'directus';
  /** user_identities.provider of the directory's accounts; null for a directory that keeps none. */
  readonly provider: string | null;
  /**
   * Creates the account in the directory and signs it in there. Null: the directory keeps no
   * accounts, so our store keeps the password. Throws DirectoryEmailTakenError.
   */
  register(input: NewAccount): Promise<DirectorySignIn | null>;
  /** Null: the directory does not know these credentials (or keeps no accounts); our own password is checked next. */
  signIn(email: string, password: string): Promise<DirectorySignIn | null>;
  /** One of ours just signed in with this directory account (Directus: its saved addresses come in). Never throws. */
  afterSignIn(signIn: DirectorySignIn, userId: number): Promise<void>;
  /** Ends the directory's session of a sign-in (ours has ended already). Never throws. */
  endSession(session: string): Promise<void>;
}
