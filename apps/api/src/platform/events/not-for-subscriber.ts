/**
 * Thrown by a subscription's `resolve` when the row its event names, once
 * read, is not the subscriber's to see (another tenant, owner or agent, or
 * gone). The WebSocket server drops that event for that subscriber without
 * sending anything (edge/http/ws/websocket.ts): not even an error frame, which would
 * tell the subscriber that something it may not see changed.
 */
export class EventNotForSubscriber extends Error {
  constructor() {
    super('This event is not for this subscriber');
    this.name = 'EventNotForSubscriber';
  }
}
