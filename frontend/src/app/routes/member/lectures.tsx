import { useCurrentUser } from '@/features/auth/api/get-current-user';
import { LectureList } from '@/features/member/components/lecture-list';
import { MemberPageHeader } from '@/app/routes/member/member-page-header';

/** /member/lectures. */
export default function LecturesPage() {
  const { isPremium } = useCurrentUser();
  return (
    <>
      <MemberPageHeader
        title="Lectures"
        subtitle="Five video lectures on the mental game, from your sweet-spot swing to pressure on the final hole."
      />
      <LectureList isPremium={isPremium} />
    </>
  );
}
