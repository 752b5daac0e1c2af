export * from './errors';
export * from './roles';
export * from './auth';
export * from './validation';
export * from './routes';
export * from './i18n';
export * from './solutions';
