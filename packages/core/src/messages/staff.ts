/** Staff, sales reps and the audit log (decisions 046–048). */
export const staff = {
  title: 'Personal',
  activity: 'Actividad',
  lastOwner: 'No se puede quitar el rol al último dueño. Primero nombrá a otra persona como dueño.',
  notStaff: 'Esa persona no es parte del personal.',
  emailTaken: 'Ya hay una cuenta con ese e-mail.',
  invitationSubject: 'Te invitaron al equipo',
  invitationIntro: (role: string, catalogName: string) => `Te invitaron a trabajar en ${catalogName} con el rol ${role}.`,
  invitationAction: 'Elegí tu contraseña para entrar',
  invitationExpires: (hours: number) => `El enlace vence en ${hours} horas y sirve una sola vez.`,
  invitationSent: (email: string) => `Le enviamos la invitación a ${email}.`,
  invitationAccepted: 'Listo: ya podés iniciar sesión con tu e-mail y tu contraseña.',
  notYourCustomer: 'Ese cliente no está asignado a vos.',
  notARep: 'Esa persona no es vendedor.',
  collectionNotFound: 'No encontramos ese cobro de un vendedor.',
  auditPageTooFar: 'Esa página no existe.',
} as const;
