/** The newsletter lead every load test posts (docs/local-server.md#load-test): unique by `tag` and the time. */
export const leadBody = (tag: string) =>
  JSON.stringify({
    formId: "newsletter",
    hubspotutk: "",
    pageUri: "http://127.0.0.1/blog/",
    pageName: "Load test",
    ipAddress: "",
    email: `${tag}.${Date.now()}@loadtest.example.com`,
  });
