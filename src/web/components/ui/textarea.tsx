import { TEXT_BOX_CLASSES, withClasses } from "./with-classes";

export const Textarea = withClasses("textarea", ...TEXT_BOX_CLASSES, "min-h-24 py-2");
