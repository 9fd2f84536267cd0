import { ForgotPasswordForm } from '../../features/auth/forms';

export default function ForgotPasswordPage() {
  return <ForgotPasswordForm />;
}
