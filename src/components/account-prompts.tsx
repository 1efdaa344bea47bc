/**
 * The two account prompts about queued writes (issue 21, defect 7), mounted once by the root layout
 * after the first paint: the warning before signing out with unsent changes, and "sign in again"
 * when the session of someone with queued changes has ended. With them, the account's language
 * followed on every page (./account-language.tsx).
 */
import { AccountLanguage } from './account-language';
import { SignInAgainPrompt } from './sign-in-again-prompt';
import { SignOutDialog } from './sign-out-dialog';

export function AccountPrompts() {
  return (
    <>
      <SignOutDialog />
      <SignInAgainPrompt />
      <AccountLanguage />
    </>
  );
}
