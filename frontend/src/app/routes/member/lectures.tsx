import { useSearchParams } from 'react-router-dom';
import Box from '@mui/material/Box';
import { useCurrentUser } from '@/features/auth/api/get-current-user';
import { CommunityForumCard } from '@/features/member/components/community-forum-card';
import { LectureList } from '@/features/member/components/lecture-list';
import { useGetPracticeProgressQuery } from '@/features/practice/api/practice-api';
import { LectureProgress } from '@/features/practice/components/lecture-progress';
import { readItemTarget } from '@/features/practice/lib/item-links';
import { parseDuration, percentPlayed, progressById } from '@/features/practice/lib/progress';
import { MemberPageHeader } from '@/app/routes/member/member-page-header';
import { PracticeVideo } from '@/app/routes/member/practice-media';
import { FreeMemberPractice } from '@/app/routes/member/member-practice';

/** The practice service's section id of the lectures (docs/API.md "practice"). */
const LECTURES_SECTION_ID = 'lectures';

/**
 * /member/lectures. Practice: each open lecture reports its watching and shows a progress bar;
 * free members also get their practice card here (Today's 10, the streak, continue where you left
 * off and the upgrade call: member home is Premium, issue 47 §7);
 * `?item=<id>&t=<s>` shows that lecture first, its player at `t`; and the community forum's link
 * (the Free tier's forum access, issue 29).
 */
export default function LecturesPage() {
  const { isPremium } = useCurrentUser();
  const [search] = useSearchParams();
  const target = readItemTarget(search);
  const { data: progress } = useGetPracticeProgressQuery(LECTURES_SECTION_ID);
  const byId = progressById(progress);
  return (
    <>
      <MemberPageHeader
        title="Lectures"
        subtitle="Five video lectures on the mental game, from your sweet-spot swing to pressure on the final hole."
      />
      {!isPremium && (
        <Box sx={{ mb: 3 }}>
          <FreeMemberPractice />
        </Box>
      )}
      <LectureList
        isPremium={isPremium}
        slots={{
          video: (lecture) => (
            <PracticeVideo
              url={lecture.videoUrl}
              title={lecture.title}
              item={{ itemId: lecture.id, itemKind: 'lecture' }}
              startAt={target?.itemId === lecture.id ? target.startAt : null}
            />
          ),
          footer: (lecture) =>
            lecture.locked ? null : (
              <LectureProgress
                title={lecture.title}
                percent={percentPlayed(byId.get(lecture.id), parseDuration(lecture.duration))}
              />
            ),
          targetLectureId: target?.itemId,
        }}
      />
      <Box sx={{ mt: 4, maxWidth: 720 }}>
        <CommunityForumCard />
      </Box>
    </>
  );
}
