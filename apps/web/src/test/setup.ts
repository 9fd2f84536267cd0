import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';

afterEach(() => cleanup());

// jsdom lays nothing out, so it has no scrollIntoView; the forms call it to bring the first wrong
// field into view (browser tests check where it lands).
// (Build tests run in node, without a DOM.)
if (typeof Element !== 'undefined') Element.prototype.scrollIntoView ??= function scrollIntoView() {};
