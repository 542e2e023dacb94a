export { PRODUCT_NAME, SUPPORT_EMAIL } from "../../domain/shared/brand";
