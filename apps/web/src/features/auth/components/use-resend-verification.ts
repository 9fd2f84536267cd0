import { useState } from 'react';
import { accountPages } from '@mayorista/core/messages/accountPages';
import { accountRules } from '@mayorista/core/messages/accountRules';
import { toast } from '../../../components/ui/toast-store';
import { useAuth } from '../../../lib/auth';

/** "Reenviar el correo de verificación", for sign-in (an unverified account) and after sign-up. */
export function useResendVerification() {
  const { client } = useAuth();
  const [resending, setResending] = useState(false);
  const resend = async (email: string) => {
    setResending(true);
    const { error } = await client.resendVerification(email);
    setResending(false);
    if (error) toast({ title: accountRules.somethingWentWrong, description: error.message, variant: 'destructive' });
    else toast({ title: accountPages.resendDoneTitle, description: accountPages.resendDoneText });
  };
  return { resending, resend };
}
