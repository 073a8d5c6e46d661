import { GuidedVisualizationList } from '@/features/member/components/guided-visualization-list';
import { MemberPageHeader } from '@/app/routes/member/member-page-header';

/** /guided-visualizations: the four fixed guided audio items. */
export default function GuidedVisualizationsPage() {
  return (
    <>
      <MemberPageHeader
        title="Guided Visualizations"
        subtitle="Put on your headphones, close your eyes and rehearse the shots that matter most."
      />
      <GuidedVisualizationList />
    </>
  );
}
