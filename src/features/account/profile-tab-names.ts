/**
 * The /profile screen's tabs, by the name the URL carries (`?tab=addresses`). The router validates
 * the URL with these before the screen's code is loaded, so they live apart from the tabs
 * component (components/profile-tabs.tsx), which loads with the screen.
 */
export const PROFILE_TABS = ['account', 'addresses'] as const;
export type ProfileTab = (typeof PROFILE_TABS)[number];
