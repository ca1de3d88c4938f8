import { firmSectionRoute } from '@/components/firm/firm-section-page';

/** /firm/[frn]/permissions: the section as lib/sections/firm-sections.ts declares it. */
const route = firmSectionRoute('permissions');
export const generateMetadata = route.generateMetadata;
export default route.FirmSectionPage;
