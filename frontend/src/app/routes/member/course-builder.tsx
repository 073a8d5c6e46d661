import { CourseBuilderForm } from '@/features/courses/components/course-builder-form';
import { MemberPageHeader } from '@/app/routes/member/member-page-header';

/** /member/course-builder. */
export default function CourseBuilderPage() {
  return (
    <>
      <MemberPageHeader
        title="Course Builder"
        subtitle="Add a course you play: where it is and the par of each hole."
      />
      <CourseBuilderForm />
    </>
  );
}
