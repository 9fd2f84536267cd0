/** The nav's link to /cuenta-corriente, apart from the rest of the texts so the shell's first download carries only it. */
export const cuentaCorrienteNavLabel = 'Cuenta corriente';
