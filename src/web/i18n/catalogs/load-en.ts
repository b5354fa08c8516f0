import { translatorFor } from "../translator.ts";
import { messages } from "./en.ts";

export const translate = translatorFor("en", messages);
