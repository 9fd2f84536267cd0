import { RegisterForm } from '../../features/auth/forms';

export default function RegisterPage() {
  return <RegisterForm />;
}
