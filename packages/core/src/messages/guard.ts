export const guard = {
  pendingTitle: 'Cuenta Pendiente de Aprobación',
  pendingText: 'Tu cuenta será revisada por un administrador. Gracias por tu paciencia.',
  pendingHint: 'Te avisamos por correo cuando tu cuenta esté aprobada.',
  pendingAccountLink: 'Mientras tanto, completá los datos de tu negocio en Mi cuenta.',
  pendingWait: (hours: number) =>
    hours < 48 ? `Solemos aprobar las cuentas en menos de ${hours} horas hábiles.` : `Solemos aprobar las cuentas en menos de ${Math.round(hours / 24)} días hábiles.`,
  pendingCatalogLink: 'Ver el catálogo (precios minoristas)',
} as const;
