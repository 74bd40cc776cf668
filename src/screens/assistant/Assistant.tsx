// <agora-assistant>: the assistant's button and conversation on any page. Like the portal's header
// button it shows only to a signed-in user of a marketplace with AI enabled (spec 3 §2.6, §6).
import { useMarketplace } from '../../api/marketplace.ts';
import { useSignedIn } from '../../state/store.ts';
import AssistantButton from './AssistantButton.tsx';

export default function Assistant() {
  const signedIn = useSignedIn();
  const enabled = useMarketplace().data?.ai.enabled === true;
  if (!signedIn || !enabled) return null;
  return <AssistantButton look="standalone" />;
}
