import { useQuery } from '@tanstack/react-query';
import { callOperation, queryKey, unwrap, type PlanChangePreview } from '@streamflix/shared';

export async function previewPlanChange(planId: string): Promise<PlanChangePreview> {
  return unwrap(await callOperation('GET /users/subscription/change-plan', { query: { planId } }));
}

/** GET /users/subscription/change-plan: what switching costs, before the viewer confirms. */
export function usePlanChangePreview(planId: string | null) {
  return useQuery({
    queryKey: queryKey('GET /users/subscription/change-plan', { planId: planId ?? '' }),
    queryFn: () => previewPlanChange(planId!),
    enabled: !!planId,
    // Proration depends on today: always ask afresh when the dialog opens.
    staleTime: 0,
    gcTime: 0,
  });
}
