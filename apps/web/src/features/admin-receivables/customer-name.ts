/** How the staff's screens name a customer: the business name when there is one. */
export const customerName = (u: { nombre: string; apellido: string; razon_social: string | null }) => u.razon_social || `${u.nombre} ${u.apellido}`.trim();
