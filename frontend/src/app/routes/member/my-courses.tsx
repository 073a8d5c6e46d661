import type { Course } from '@fm/contracts';
import { useCallback } from 'react';
import { MyCourses } from '@/features/courses/components/my-courses';
import { CourseOfflineControl } from '@/features/courses/offline/course-offline-control';
import { useCurrentUser } from '@/features/auth/api/get-current-user';
import { MemberPageHeader } from '@/app/routes/member/member-page-header';
import { sosOfflineItems } from '@/app/routes/member/course-player-sos';

/** /member/my-courses. */
export default function MyCoursesPage() {
  const { user, isPremium } = useCurrentUser();
  const memberId = user?.id;
  const renderCourseExtra = useCallback(
    (course: Course) =>
      memberId ? (
        <CourseOfflineControl
          courseId={course.id}
          courseName={course.name}
          memberId={memberId}
          premiumItems={isPremium ? sosOfflineItems : undefined}
        />
      ) : null,
    [memberId, isPremium],
  );
  return (
    <>
      <MemberPageHeader
        title="My Courses"
        subtitle="Build the courses you play, then visualize them hole by hole with a guide for every club."
      />
      <MyCourses renderCourseExtra={renderCourseExtra} />
    </>
  );
}
