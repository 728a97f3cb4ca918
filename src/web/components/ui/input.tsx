import { TEXT_BOX_CLASSES, withClasses } from "./with-classes";

export const Input = withClasses("input", ...TEXT_BOX_CLASSES, "min-h-12");
