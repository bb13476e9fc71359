import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateWebhookInput } from '#shared/customer-webhooks';
import { customerWebhooksContract } from '#shared/customer-webhooks.contract';
import { callApi } from '#web/lib/api';

/** `/api/me/webhooks` (ADR 0064): the endpoints with their recent deliveries, and what the section does to them. */

const WEBHOOKS_QUERY_KEY = ['webhooks'] as const;

/** A delivery still pending is being retried: read again every 10 s while one is. */
export function useWebhooks() {
  return useQuery({
    queryKey: WEBHOOKS_QUERY_KEY,
    queryFn: ({ signal }) => callApi(customerWebhooksContract.listWebhooks, { signal }),
    refetchInterval: (query) =>
      query.state.data?.endpoints.some((endpoint) =>
        endpoint.deliveries.some((delivery) => delivery.status === 'pending'),
      )
        ? 10_000
        : false,
  });
}

function useWebhookChange<Input, Output>(change: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSettled: () => queryClient.invalidateQueries({ queryKey: WEBHOOKS_QUERY_KEY }),
  });
}

export const useCreateWebhook = () =>
  useWebhookChange((input: CreateWebhookInput) =>
    callApi(customerWebhooksContract.createWebhook, { body: input }),
  );

export const useDeleteWebhook = () =>
  useWebhookChange((id: string) => callApi(customerWebhooksContract.deleteWebhook, { params: { id } }));

export const useResendDelivery = () =>
  useWebhookChange((ids: { id: string; deliveryId: string }) =>
    callApi(customerWebhooksContract.resendWebhookDelivery, { params: ids, body: {} }),
  );
