import { secondBuildConfig } from "../e2e/second-build-config";

/** A hosted consent manager end to end (docs/consent-managers.md), on a build made with GATSBY_CONSENT_PROVIDER set. */
export default secondBuildConfig(9126);
