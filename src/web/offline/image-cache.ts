/** The service worker's cache of stored images (signatures), named here so logout can delete it. */
export const IMAGE_CACHE = "plant-sheets-images";
