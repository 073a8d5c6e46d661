import { MyCourses } from '@/features/courses/components/my-courses';
import { MemberPageHeader } from '@/app/routes/member/member-page-header';

/** /member/my-courses. */
export default function MyCoursesPage() {
  return (
    <>
      <MemberPageHeader
        title="My Courses"
        subtitle="Build the courses you play, then visualize them hole by hole with a guide for every club."
      />
      <MyCourses />
    </>
  );
}
