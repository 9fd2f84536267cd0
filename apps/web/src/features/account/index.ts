/**
 * Mi cuenta (issue 16). The page is loaded by its route (my-account-page.tsx); the shell loads the
 * "completá tus datos" banner lazily, so neither is in the first download.
 */
export { CompleteProfileBanner } from './components/complete-profile-banner';
