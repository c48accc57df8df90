import { MAX_ATTACHMENTS_PER_MESSAGE, MAX_IMAGES_PER_DESIGN } from "@atelier/contract";

/** The texts customers see about their files; the web shows them as the server sends them. */
export const unsupportedImageMessage = (fileName: string) => `"${fileName}" is not a supported image. Use PNG, JPG, GIF or WebP.`;
export const tooLargeMessage = (fileName: string) => `"${fileName}" is larger than 10 MB.`;
export const unreadableImageMessage = (fileName: string) => `"${fileName}" could not be read as an image. Try saving it again as PNG or JPG.`;
export const tooManyImagesMessage = () => `A design can have at most ${MAX_IMAGES_PER_DESIGN} images.`;
export const unsupportedAttachmentMessage = (fileName: string) => `"${fileName}" is not an image or a PDF. Attach PNG, JPG, GIF, WebP or PDF files.`;
export const tooManyAttachmentsMessage = () => `A message can have at most ${MAX_ATTACHMENTS_PER_MESSAGE} files.`;
