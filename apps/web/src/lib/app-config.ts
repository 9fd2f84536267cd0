import type { PublicAppConfigShape } from './app-config.types';

const FALLBACK: PublicAppConfigShape = { catalogName: 'Catálogo Mayorista', whatsappPhone: '5491100000000' };

/** The server writes its public configuration into <meta name="app-config"> (no inline scripts, no extra request). */
export function readAppConfig(doc: Document = document): PublicAppConfigShape {
  const raw = doc.querySelector('meta[name="app-config"]')?.getAttribute('content');
  try {
    const parsed = JSON.parse(raw ?? '{}') as Partial<PublicAppConfigShape>;
    return {
      catalogName: typeof parsed.catalogName === 'string' && parsed.catalogName ? parsed.catalogName : FALLBACK.catalogName,
      whatsappPhone: typeof parsed.whatsappPhone === 'string' && parsed.whatsappPhone ? parsed.whatsappPhone : FALLBACK.whatsappPhone,
    };
  } catch {
    return FALLBACK;
  }
}

export const appConfig = readAppConfig();
