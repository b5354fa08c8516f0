import { translatorFor } from "../translator.ts";
import { messages } from "./fr.ts";

export const translate = translatorFor("fr", messages);
