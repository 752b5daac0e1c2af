import type { MyVipApplication, VipApplication, VipApplicationRequest } from '@think-tank/contracts';
import useSWR from 'swr';
import useSWRMutation from 'swr/mutation';
import { api } from '../../../lib/api-client';

const MINE = '/api/users/vip-application';

/** The user's latest VIP application and its status (none yet: `application: null`). */
export function useMyVipApplication(enabled = true) {
  return useSWR(enabled ? MINE : null, (path: string) => api<MyVipApplication>(path));
}

/** Sends an application; the answer becomes the cached "latest application". */
export function useApplyForVip() {
  return useSWRMutation<VipApplication, unknown, string, VipApplicationRequest, MyVipApplication>(
    MINE,
    (path, { arg }) => api<VipApplication>(path, { method: 'POST', body: arg }),
    { populateCache: (application) => ({ application }), revalidate: false },
  );
}
