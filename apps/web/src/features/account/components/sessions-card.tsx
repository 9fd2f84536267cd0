import { useState } from 'react';
import { account as text } from '@mayorista/core/messages/account';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast-store';
import { useAuth } from '../../../lib/auth';

/** Ends every session of the account but this one (POST /api/auth/logout?scope=others). */
export function SessionsCard() {
  const { signOut } = useAuth();
  const [busy, setBusy] = useState(false);
  const closeOthers = async () => {
    setBusy(true);
    const { error } = await signOut('others');
    setBusy(false);
    if (error) toast({ title: text.closeOthersErrorTitle, description: error.message, variant: 'destructive' });
    else toast({ title: text.closedOthersTitle, description: text.closedOthersText });
  };
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-700">{text.sessionsIntro}</p>
      <Button variant="secondary" disabled={busy} onClick={() => void closeOthers()} className="w-full sm:w-auto">
        {busy ? text.closingOthers : text.closeOthers}
      </Button>
    </div>
  );
}
