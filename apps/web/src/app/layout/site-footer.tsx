import { footer as footerTexts } from '@mayorista/core/messages/footer';
import { appConfig } from '../../lib/app-config';

export function SiteFooter() {
  return (
    <footer className="border-t border-slate-200 bg-white py-4 text-center text-sm text-slate-700">
      {footerTexts.copyright(appConfig.catalogName, new Date().getFullYear())}
    </footer>
  );
}
