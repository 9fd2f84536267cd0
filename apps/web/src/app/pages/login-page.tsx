import { Navigate, useLocation } from 'react-router';
import { useAuth } from '../../lib/auth';
import { LoginForm } from '../../features/auth/forms';
import { returnPathFrom } from '../routing/require-auth';

export default function LoginPage() {
  const location = useLocation();
  const { user } = useAuth();
  const returnTo = returnPathFrom(location.state);
  // Already signed in (e.g. back button after signing in): go where the form would have gone.
  if (user) return <Navigate to={returnTo} replace />;
  return <LoginForm returnTo={returnTo} />;
}
