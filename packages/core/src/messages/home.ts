/**
 * The home page's texts. Their own module (decision 024): the home page is a lazy chunk, and the
 * `app` texts are in the entry every page downloads.
 */
export const home = {
  lead: 'Precios mayoristas, descuentos por cantidad y pedidos en línea para comercios y revendedores de todo el país.',
  featuresTitle: 'Qué ofrecemos',
  features: [
    'Catálogo actualizado con precios mayoristas y descuentos por cantidad.',
    'Carrito que se guarda solo y pedidos en pocos pasos, con aviso por WhatsApp.',
    'Historial de pedidos con comprobante en PDF y saldo de puntos para canjear.',
  ],
  stepsTitle: 'Cómo obtener acceso',
  steps: [
    { title: 'Registrate', text: 'Completá tus datos: nombre, apellido, DNI, correo y contraseña.' },
    { title: 'Verificá tu correo', text: 'Abrí el enlace que te enviamos para confirmar tu cuenta.' },
    { title: 'Esperá la aprobación', text: 'Un administrador revisa tu cuenta y te avisamos por correo cuando esté lista.' },
  ],
  visitorCta: 'Crear una cuenta',
  visitorSecondary: 'Ya tengo cuenta',
  visitorCatalog: 'Ver el catálogo',
  browseCatalog: 'Ver el catálogo',
  pendingTitle: 'Tu cuenta está pendiente de aprobación',
  pendingText: 'Un administrador la va a revisar pronto. Te avisamos por correo cuando esté aprobada.',
  approvedTitle: (nombre: string) => `¡Hola, ${nombre}! Tu cuenta está aprobada.`,
  approvedCta: 'Ir al catálogo',
  myOrdersCta: 'Ver mis pedidos',
  adminCta: 'Ir al panel de administración',
} as const;
