import { entityHistoryRoute } from '@/components/register/entity-route';

/** /individual/[irn]/history: what the watch checks saw change on the individual, before and after. */
const route = entityHistoryRoute('individual');
export const generateMetadata = route.generateMetadata;
export default route.Page;
