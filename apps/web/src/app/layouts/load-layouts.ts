// Dynamic imports of the two layouts, shared by the route table and the error layout so each is one chunk.
export const loadPublicLayout = () => import('./public-layout.tsx');
export const loadDashboardLayout = () => import('./dashboard-layout.tsx');
