/** The nav's link to /cuenta-corriente, apart from the rest of the texts so the shell's first download carries only it. */
export const cuentaCorrienteNavLabel = 'Cuenta corriente';

/** The admin's tab; the page with the tabs loads before any tab's code. */
export const receivablesTabTitle = 'Cuentas corrientes';
