import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UserDetail } from './user-detail';
import { UserSearch } from './user-search';

/** The user search beside the chosen user's detail (and its 'Conceder créditos' dialog). */
export function UsersSection() {
  const { t } = useTranslation('admin');
  const titleId = useId();
  const [selectedUser, setSelectedUser] = useState<string | null>(null);
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-3" data-testid="admin-users">
      <h2 id={titleId} className="text-lg font-semibold">
        {t('users.title')}
      </h2>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-[minmax(0,20rem)_minmax(0,1fr)] lg:items-start">
        <UserSearch selectedId={selectedUser} onSelect={setSelectedUser} />
        {selectedUser ? (
          <UserDetail key={selectedUser} userId={selectedUser} onClose={() => setSelectedUser(null)} />
        ) : null}
      </div>
    </section>
  );
}
