import Box from '@mui/material/Box';
import { useCurrentUser } from '@/features/auth/api/get-current-user';
import { CommunityForumCard } from '@/features/member/components/community-forum-card';
import { LectureList } from '@/features/member/components/lecture-list';
import { MemberPageHeader } from '@/app/routes/member/member-page-header';

/** /member/lectures, and the community forum's link (the Free tier's forum access, issue 29). */
export default function LecturesPage() {
  const { isPremium } = useCurrentUser();
  return (
    <>
      <MemberPageHeader
        title="Lectures"
        subtitle="Five video lectures on the mental game, from your sweet-spot swing to pressure on the final hole."
      />
      <LectureList isPremium={isPremium} />
      <Box sx={{ mt: 4, maxWidth: 720 }}>
        <CommunityForumCard />
      </Box>
    </>
  );
}
