/**
 * Mi cuenta (the business-identity work, decisions 017–019). The page is loaded by its route (my-account-page.tsx); the shell loads the
 * "completá tus datos" banner lazily, so neither is in the first download.
 */
export { CompleteProfileBanner } from './components/complete-profile-banner';
