import { secondBuildConfig } from "../e2e/second-build-config";

/** The consent rules under the opt-out policy (docs/product-rules.md#consent), on a build made with GATSBY_CONSENT_POLICY=opt-out. */
export default secondBuildConfig(9125);
