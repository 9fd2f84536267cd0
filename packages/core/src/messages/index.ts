/**
 * Every user-facing Spanish text of SPEC.md in one catalogue. The spec's copy lost some
 * orthography; it is restored here (Catálogo, Iniciar Sesión, Sesión cerrada, …).
 * Texts the spec quotes verbatim in another language (the sign-up/sign-in message of its validation rules) stay verbatim.
 *
 * One module per area: `messages.cart.x` reads like one object, but the bundler sees a namespace
 * of separate modules and ships each section only with the pages that use it (the first download
 * carries the shell's texts, not the admin's).
 */
export * as messages from './sections';

import type * as sections from './sections';
export type Messages = typeof sections;
