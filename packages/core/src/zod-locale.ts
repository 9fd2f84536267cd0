import { z } from 'zod';

// Zod's own messages (wrong type, missing field, …) in Spanish, for the forms and the API alike.
z.config(z.locales.es());
