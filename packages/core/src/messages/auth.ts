// The session texts the shell needs on the first page (sign-out, profile and sign-in errors); the
// account forms' and account rules' texts are in accountRules.ts (decision 021).
export const auth = {
  signedOut: 'Sesión cerrada',
  signOutErrorTitle: 'Error al cerrar sesión',
  signOutErrorText: 'Ocurrió un problema, pero tu sesión local ha sido limpiada.',
  profileErrorTitle: 'Error de perfil',
  invalidCredentials: 'Correo electrónico o contraseña incorrectos.',
  emailNotVerified: 'Tenés que verificar tu correo electrónico antes de iniciar sesión.',
  sessionMissing: 'No hay una sesión activa.',
  formErrorsTitle: 'Revisá los datos marcados.',
} as const;
