import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { staff as text } from '@mayorista/core/messages/staff';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { toast } from '../../components/ui/toast-store';
import { apiRequest, isApiError } from '../../lib/api-client';
import { AuthCard, FormAlert } from './components/auth-card';

type Person = { nombre: string; apellido: string; dni: string; password: string };

/** /invitacion?token=…: a person invited to the staff sets their data and password (decision 046). */
export default function StaffInvitationPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const navigate = useNavigate();
  const [person, setPerson] = useState<Person>({ nombre: '', apellido: '', dni: '', password: '' });
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const set = (key: keyof Person) => (event: { target: { value: string } }) => setPerson((p) => ({ ...p, [key]: event.target.value }));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitting(true);
    setError(null);
    try {
      await apiRequest('/api/auth/staff-invitation', { method: 'POST', anonymous: true, body: { token, ...person } });
      toast({ title: text.invitationAccepted });
      navigate('/login', { replace: true });
    } catch (caught) {
      setError(isApiError(caught) ? caught.message : String(caught));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <AuthCard title={text.acceptTitle} titleId="invitacion-titulo" intro={text.acceptIntro}>
      {token ? (
        <form onSubmit={(event) => void onSubmit(event)} className="space-y-4">
          {error ? <FormAlert>{error}</FormAlert> : null}
          <Field label={text.acceptNombre} autoComplete="given-name" required value={person.nombre} onChange={set('nombre')} />
          <Field label={text.acceptApellido} autoComplete="family-name" required value={person.apellido} onChange={set('apellido')} />
          <Field label={text.acceptDni} inputMode="numeric" required value={person.dni} onChange={set('dni')} />
          <Field label={text.acceptPassword} type="password" autoComplete="new-password" required value={person.password} onChange={set('password')} />
          <Button type="submit" className="w-full" disabled={submitting}>
            {text.acceptSubmit}
          </Button>
        </form>
      ) : (
        <FormAlert>{text.acceptMissingToken}</FormAlert>
      )}
    </AuthCard>
  );
}
