"""Ask your owner through Countersign's MCP server at /mcp: Python 3.9+, standard library only."""
import base64, json, os, urllib.error, urllib.request

URL, KEY = os.environ["COUNTERSIGN_URL"].rstrip("/") + "/mcp", os.environ["KEY"]


class Mcp:
    """An MCP client over Streamable HTTP: each JSON-RPC message is a POST, answered as JSON or as an event stream."""

    def __init__(self):
        self.last_id = 0
        self.headers = {"authorization": f"Bearer {KEY}", "content-type": "application/json",
                        "accept": "application/json, text/event-stream"}
        hello = self.rpc("initialize", {"protocolVersion": "2025-06-18", "capabilities": {},
                                        "clientInfo": {"name": "countersign-python", "version": "1"}})
        self.headers["mcp-protocol-version"] = hello["protocolVersion"]
        self.rpc("notifications/initialized")

    def post(self, message):
        request = urllib.request.Request(URL, json.dumps(message).encode(), self.headers, method="POST")
        try:
            response = urllib.request.urlopen(request, timeout=120)  # a wait answers within 45 s
        except urllib.error.HTTPError as refused:  # 401 no or revoked key, 403 not an agent key, 413, 429 …
            raise SystemExit(f"/mcp answered {refused.code}: {refused.read().decode()}")
        with response:
            if response.headers.get("mcp-session-id"):  # stateful servers name a session; send it back
                self.headers["mcp-session-id"] = response.headers["mcp-session-id"]
            if "id" not in message:
                return None  # a notification: 202, no body
            if response.headers.get_content_type() != "text/event-stream":
                return json.loads(response.read())
            data = []
            for line in (raw.decode().rstrip("\r\n") for raw in response):
                if line.startswith("data:"):
                    data.append(line[5:].removeprefix(" "))
                elif not line and data:  # an event ends; progress and other messages carry no matching id
                    event, data = json.loads("\n".join(data)), []
                    if event.get("id") == message["id"]:
                        return event
            raise SystemExit("/mcp closed the stream without answering")

    def rpc(self, method, params=None):
        message = {"jsonrpc": "2.0", "method": method, **({} if params is None else {"params": params})}
        if not method.startswith("notifications/"):
            self.last_id += 1
            message["id"] = self.last_id
        answer = self.post(message)
        if answer and "error" in answer:
            raise SystemExit(f"{method}: {answer['error']['message']}")
        return answer and answer["result"]

    def tool(self, name, **arguments):
        result = self.rpc("tools/call", {"name": name, "arguments": arguments})
        if result.get("isError"):  # a refusal: "CODE: message"
            raise SystemExit(f"{name}: {result['content'][0]['text']}")
        return result["structuredContent"]


def ask_and_wait(mcp, **request):
    asked = mcp.tool("request_sign_off", **request)
    print(f"asked {request['op']}: {asked['id']} {asked['state']}", flush=True)
    while not (waited := mcp.tool("wait_for_decision", id=asked["id"]))["decided"]:
        pass  # still pending after 45 s: waiting again with the same id is always safe
    signoff = waited["signOff"]
    print(f"decided {request['op']}: {signoff['state']}" + (f" ({signoff['note']})" if signoff["note"] else ""), flush=True)
    return signoff


def claims_of(approval):
    """The approval token's claims, read, not verified: the service that acts verifies it against the JWKS."""
    payload = approval.split(".")[1]
    return json.loads(base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4)))


mcp = Mcp()
minted = ask_and_wait(mcp, op="repository.mintToken", repository="docs", input={"scopes": ["read"], "ttlHours": 1},
                      summary="Read token for the docs build")
if minted["state"] == "SUCCEEDED":
    token = mcp.tool("take_secret", id=minted["id"])["secret"]["token"]  # handed over once: keep it now
    print(f"took the token: {token[:4]}… ({len(token)} characters)", flush=True)

email = ask_and_wait(mcp, op="email.send", input={"to": "ops@example.com", "subject": "Week 48"}, summary="Weekly report")
if email["state"] == "AWAITING_REDEEM":
    # Redeemed without an input, the server binds its own inputHash of the approved input: json.dumps is not
    # RFC 8785, so Python computes no hash; it checks the approval names the hash the request carries.
    redeemed = mcp.tool("redeem_sign_off", id=email["id"])
    approved, claims = redeemed["signOff"], claims_of(redeemed["approval"])
    assert claims["sub"] == email["id"] and claims["inputHash"] == approved["inputHash"] == email["inputHash"]
    to = approved["input"]["to"]  # act on the approved input: the owner may have changed yours
    print(f"redeemed: approval for {to}, inputHash {claims['inputHash']}", flush=True)
    reported = mcp.tool("report_outcome", id=email["id"], succeeded=True, result={"messageId": "m-1"})
    print(f"reported: {reported['state']}", flush=True)
