import { useSearchParams } from 'react-router';
import { VerifyEmailView } from '../../features/auth/forms';

/** Opened from the verification e-mail: /verificar-correo?token=… */
export default function VerifyEmailPage() {
  const [params] = useSearchParams();
  return <VerifyEmailView token={params.get('token')} />;
}
