import { useSearchParams } from 'react-router';
import { ResetPasswordForm } from '../../features/auth/forms';

/** Opened from the recovery e-mail: /restablecer-clave?token=… */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  return <ResetPasswordForm token={params.get('token')} />;
}
