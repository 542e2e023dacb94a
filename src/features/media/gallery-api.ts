/** The gallery island's calls: GET /api/media pages, the upload with progress, tags and delete. */
import type { MediaItem, MediaPage } from "../../../infra/media/Media";
import { ApiError, apiFetch } from "../../lib/api-client";
import type { MediaTypeFilterValue } from "./schemas";

export type { MediaItem, MediaPage };

export interface GalleryQuery {
  readonly q: string;
  readonly type: MediaTypeFilterValue;
}

export const pagePath = (query: GalleryQuery, cursor: string | null, limit: number) => {
  const params = new URLSearchParams();
  if (query.q.trim() !== "") params.set("q", query.q.trim());
  if (query.type !== "all") params.set("type", query.type);
  params.set("limit", String(limit));
  if (cursor) params.set("cursor", cursor);
  return `/api/media?${params}`;
};

export const fetchPage = (query: GalleryQuery, cursor: string | null, limit: number, signal?: AbortSignal) =>
  apiFetch<MediaPage>(pagePath(query, cursor, limit), { signal });

export const deleteItem = (id: string) => apiFetch(`/api/media/${encodeURIComponent(id)}`, { method: "DELETE" });

export const saveTags = (id: string, tags: ReadonlyArray<string>, version: number) =>
  apiFetch<MediaItem>(`/api/media/${encodeURIComponent(id)}`, { method: "PUT", body: { tags, version } });

/**
 * POST /api/media/upload with XMLHttpRequest, whose upload events give the progress (fetch has
 * none). Rejects like apiFetch: an ApiError with the answer's body for any non-2xx.
 */
export const uploadFiles = (files: ReadonlyArray<File>, onProgress: (fraction: number) => void) => {
  const xhr = new XMLHttpRequest();
  const promise = new Promise<{ items: MediaItem[] }>((resolve, reject) => {
    const form = new FormData();
    for (const file of files) form.append("files", file, file.name);
    xhr.open("POST", "/api/media/upload");
    xhr.setRequestHeader("Accept", "application/json");
    xhr.upload.addEventListener("progress", (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    });
    xhr.addEventListener("load", () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve(JSON.parse(xhr.responseText));
        } catch {
          reject(new ApiError(xhr.status, xhr.statusText, xhr.responseText));
        }
      } else reject(new ApiError(xhr.status, xhr.statusText, xhr.responseText));
    });
    xhr.addEventListener("error", () => reject(new Error("Failed to upload media")));
    xhr.addEventListener("abort", () => reject(new Error("Failed to upload media")));
    xhr.send(form);
  });
  return { promise, abort: () => xhr.abort() };
};
