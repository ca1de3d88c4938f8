import { firmSectionRoute } from '@/components/firm/firm-section-page';

/** /firm/[frn]/controlled-functions: the section as lib/sections/firm-sections.ts declares it. */
const route = firmSectionRoute('controlled-functions');
export const generateMetadata = route.generateMetadata;
export default route.FirmSectionPage;
