export const Role = { Free: 'Free', Vip: 'vip', Support: 'support', Admin: 'admin' } as const;
export type Role = (typeof Role)[keyof typeof Role];
export const ROLES: readonly Role[] = Object.values(Role);

/** Support staff and admins: who reads the support console and every user's lab files. */
export const isStaff = (role: Role | null | undefined): boolean =>
  role === Role.Admin || role === Role.Support;
