/**
 * The embedded default of the account directory port: there is no directory besides our store, so
 * sign-up, sign-in and sign-out have nothing extra to do and our store keeps every password.
 */
import type { AccountDirectory } from './account-directory';

export function createLocalAccountDirectory(): AccountDirectory {
  return {
    name: 'local',
    provider: null,
    register: () => Promise.resolve(null),
    signIn: () => Promise.resolve(null),
    afterSignIn: () => Promise.resolve(),
    endSession: () => Promise.resolve(),
  };
}
