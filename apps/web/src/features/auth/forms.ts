/**
 * The account forms. They validate with the core zod schemas, so only lazy pages import this
 * file; the initial bundle imports lib/auth, which stays free of zod.
 */
export { LoginForm } from './components/login-form';
export { RegisterForm } from './components/register-form';
export { VerifyEmailView } from './components/verify-email-view';
export { ForgotPasswordForm } from './components/forgot-password-form';
export { ResetPasswordForm } from './components/reset-password-form';
