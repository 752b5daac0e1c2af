import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SolutionList } from '../../../components/SolutionList';
import { formatDate } from '../../../lib/format-time';
import { UNLOCKED_PAGE_SIZE, useUnlocked } from '../api/auth-api';

/** The profile's "my unlocked solutions": each single view still live, with the day it ends (contract §11). */
export function UnlockedSolutions() {
  const { t } = useTranslation('account');
  const [page, setPage] = useState(1);
  return (
    <SolutionList
      id="unlocked"
      title={t('unlocked.title')}
      texts={{ loading: t('unlocked.loading'), failed: t('unlocked.failed'), empty: t('unlocked.empty') }}
      result={useUnlocked(page)}
      page={page}
      pageSize={UNLOCKED_PAGE_SIZE}
      onPage={setPage}
      aside={(s) => t('unlocked.until', { date: formatDate(s.expiresAt) })}
    />
  );
}
