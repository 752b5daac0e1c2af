import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { initI18n } from '../lib/i18n';

await (await initI18n('zh-CN')).loadNamespaces(['billing', 'notifications', 'workshop', 'account', 'admin']);
afterEach(() => {
  cleanup();
  localStorage.clear();
});
