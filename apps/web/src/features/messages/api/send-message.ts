import type { Message } from "@atelier/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, apiUpload } from "@/lib/api-client";
import { messageKeys } from "./keys";

export interface SendMessageInput {
  conversationId: string;
  text: string;
  files: File[];
}

/** POST /api/messages/{id}/: JSON `{text}`, or multipart `text` + `files` when something is attached. */
export function sendMessage({ conversationId, text, files }: SendMessageInput, onProgress?: (fraction: number) => void): Promise<Message> {
  const path = `/messages/${encodeURIComponent(conversationId)}/`;
  if (files.length === 0) return api<Message>(path, { method: "POST", body: { text } });
  const form = new FormData();
  form.append("text", text);
  for (const f of files) form.append("files", f);
  return apiUpload<Message>(path, form, onProgress ? { onProgress } : {});
}

export function useSendMessage(onProgress?: (fraction: number) => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: SendMessageInput) => sendMessage(input, onProgress),
    // The thread, the lists and the order's comments (its conversation) catch up.
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: messageKeys.all }), qc.invalidateQueries({ queryKey: ["orders"] }), qc.invalidateQueries({ queryKey: ["support"] })]),
  });
}
