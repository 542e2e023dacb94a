/** The gallery island's calls: GET /api/media pages, the upload with progress, tags and delete. */
import type { MediaItem, MediaPage } from "../../../infra/media/Media";
import { partlyUploadedMessage } from "../../../domain/media/content";
import { api } from "../../lib/api/client";
import { ApiError } from "../../lib/api-client";
import type { ToastInput } from "../../islands/toast/toast-store";
import type { MediaTypeFilterValue } from "../../../infra/media/schemas";

export type { MediaItem, MediaPage };

export interface GalleryQuery {
  readonly q: string;
  readonly type: MediaTypeFilterValue;
}

/** The query of a page of the gallery: the search and filter as chosen, the `next` of the page before. */
export const pageQuery = (query: GalleryQuery, cursor: string | null, limit: number) => ({
  ...(query.q.trim() !== "" ? { q: query.q.trim() } : {}),
  ...(query.type !== "all" ? { type: query.type } : {}),
  limit,
  ...(cursor ? { cursor } : {}),
});

export const fetchPage = (query: GalleryQuery, cursor: string | null, limit: number, signal?: AbortSignal): Promise<MediaPage> =>
  api.get("/api/media", { query: pageQuery(query, cursor, limit), ...(signal ? { signal } : {}) });

export const deleteItem = (id: string) => api.delete("/api/media/:id", { params: { id } });

export const saveTags = (id: string, tags: ReadonlyArray<string>, version: number): Promise<MediaItem> =>
  api.put("/api/media/:id", { params: { id }, payload: { tags, version } });

/** A file an upload did not keep, and why (a sentence naming it). */
export interface UploadProblem {
  readonly file: string;
  readonly message: string;
}

/**
 * POST /api/media/upload with XMLHttpRequest, whose upload events give the progress (fetch has
 * none). Answers the files kept and each file not kept with its reason; rejects like the typed client (an
 * ApiError with the answer's body for any non-2xx) when none was kept.
 */
export const uploadFiles = (files: ReadonlyArray<File>, onProgress: (fraction: number) => void) => {
  const xhr = new XMLHttpRequest();
  const promise = new Promise<{ items: MediaItem[]; problems: UploadProblem[] }>((resolve, reject) => {
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
          const answer = JSON.parse(xhr.responseText) as { items: MediaItem[]; problems?: UploadProblem[] };
          resolve({ items: answer.items, problems: answer.problems ?? [] });
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

/**
 * The toast of an upload that kept some files only: how many, and each other file with its reason.
 * It stays twice as long as a toast does (one sentence per file to read), and while pointed at.
 */
export const partlyUploaded = (kept: number, problems: ReadonlyArray<UploadProblem>): ToastInput => ({
  title: "Some files were not uploaded",
  description: partlyUploadedMessage(kept, problems),
  variant: "destructive",
  duration: 10_000,
});
