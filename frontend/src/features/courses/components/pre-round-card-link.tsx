import Button from '@mui/material/Button';
import PrintOutlined from '@mui/icons-material/PrintOutlined';
import { courseCardPath } from '@fm/contracts/course-card';

/**
 * The course's pre-round card: one printable page (PDF) with the 18 holes, their pars and the
 * member's notes from earlier rounds, opened in the browser's viewer to print or keep.
 */
export function PreRoundCardLink({ courseId }: { courseId: string }) {
  return (
    <Button
      component="a"
      href={courseCardPath(courseId)}
      target="_blank"
      rel="noopener"
      startIcon={<PrintOutlined />}
      size="small"
    >
      Pre-round card (PDF)
    </Button>
  );
}
