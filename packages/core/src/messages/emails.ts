/** Texts of the e-mails the server sends; `{catalogName}` comes from CATALOG_NAME. */
export const emails = {
  greeting: (nombre: string) => (nombre ? `Hola, ${nombre}:` : 'Hola:'),
  ignoreIfNotYou: 'Si no fuiste vos, ignorá este mensaje.',
  verifySubject: (catalogName: string) => `Verificá tu correo en ${catalogName}`,
  verifyText: (catalogName: string) =>
    `Gracias por registrarte en ${catalogName}. Para activar tu cuenta, abrí este enlace (vence en 24 horas):`,
  verifyButton: 'Verificar mi correo',
  recoverSubject: (catalogName: string) => `Restablecé tu contraseña de ${catalogName}`,
  recoverText: (catalogName: string) =>
    `Pediste restablecer tu contraseña de ${catalogName}. Abrí este enlace para elegir una nueva (vence en 1 hora):`,
  recoverButton: 'Elegir una contraseña nueva',
  approvedSubject: (catalogName: string) => `Tu cuenta de ${catalogName} fue aprobada`,
  approvedText: (catalogName: string) =>
    `Un administrador aprobó tu cuenta de ${catalogName}. Ya podés ver los precios mayoristas y hacer pedidos:`,
  approvedButton: 'Ir al catálogo',
  accountExistsSubject: (catalogName: string) => `Ya tenés una cuenta en ${catalogName}`,
  accountExistsText: (catalogName: string) =>
    `Alguien (quizás vos) intentó registrarse en ${catalogName} con este correo, pero ya tenés una cuenta. Iniciá sesión con tu contraseña; si no la recordás, pedí una nueva desde «¿Olvidaste tu contraseña?»:`,
  accountExistsButton: 'Iniciar sesión',
} as const;
