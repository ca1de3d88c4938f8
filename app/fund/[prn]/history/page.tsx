import { entityHistoryRoute } from '@/components/register/entity-route';

/** /fund/[prn]/history: what the watch checks saw change on the fund, before and after. */
const route = entityHistoryRoute('fund');
export const generateMetadata = route.generateMetadata;
export default route.Page;
