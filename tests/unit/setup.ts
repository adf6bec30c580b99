import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Lazy pages load through dynamic imports, which take longer on a busy two-core CI machine than
// Testing Library's default 1 s wait; a generous limit keeps the tests about behaviour, not speed.
configure({ asyncUtilTimeout: 8000 });

afterEach(() => {
  cleanup();
});
