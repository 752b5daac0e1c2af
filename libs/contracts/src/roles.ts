export const Role = { Free: 'Free', Vip: 'vip', Support: 'support', Admin: 'admin' } as const;
export type Role = (typeof Role)[keyof typeof Role];
export const ROLES: readonly Role[] = Object.values(Role);
