// The route's lazy chunk entry (app.tsx imports this file); the page itself lives with the feature's components.
export { default } from './components/cart-page-view';
