export const guard = {
  pendingTitle: 'Cuenta Pendiente de Aprobación',
  pendingText: 'Tu cuenta será revisada por un administrador. Gracias por tu paciencia.',
  pendingHint: 'Te avisamos por correo cuando tu cuenta esté aprobada.',
  pendingAccountLink: 'Mientras tanto, completá los datos de tu negocio en Mi cuenta.',
} as const;
