/** What a principals API call answered, for the workspace's forms: the JSON body, or the refusal's message. */
export async function callPrincipalsApi<T>(path: string, init: RequestInit): Promise<{ ok: true; status: number; body: T } | { ok: false; message: string; body?: unknown }> {
  let response: Response;
  try {
    response = await fetch(path, { ...init, headers: { accept: 'application/json', ...(init.headers ?? {}) } });
  } catch {
    return { ok: false, message: 'The portal could not be reached. Check your connection and try again.' };
  }
  const body = (await response.json().catch(() => null)) as (T & { message?: string }) | null;
  if (!response.ok || body === null) return { ok: false, message: body?.message ?? `The request failed (HTTP ${response.status}).`, body };
  return { ok: true, status: response.status, body };
}
