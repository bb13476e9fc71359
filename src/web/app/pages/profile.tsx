import ProfilePage from '#web/features/accounts/pages/profile-page';
import { DevelopersLinkCard } from '#web/features/developers';

/**
 * /dashboard/profile as the app composes it: the account's page with the way to Desenvolvedores below. The two
 * features meet here because developers reads the signed-in user from accounts (ADR 0003: features never import
 * each other both ways).
 */
export default function Profile() {
  return (
    <ProfilePage>
      <DevelopersLinkCard />
    </ProfilePage>
  );
}
