import { useQuery } from "@tanstack/react-query";
import { profileQuery } from "../api.ts";
import { ProfileAvatar } from "./profile-avatar.tsx";

// The customer's picture (or initial) in the account header, from the same cached profile as the
// pages, so an upload or removal shows here at once. Decorative: the greeting names the account.
export function ShellAvatar() {
  const profile = useQuery(profileQuery);
  if (!profile.data) return null;
  return <ProfileAvatar name={profile.data.fullName} avatarUrl={profile.data.avatarUrl} size="sm" />;
}
