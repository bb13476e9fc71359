/** The Roteiro pages' paths (src/shared/routes.ts lists them for the server). */
export const STORIES_PATH = '/dashboard/stories';
export const storyPath = (id: string): string => `${STORIES_PATH}/${id}`;
