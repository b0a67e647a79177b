import { Checkbox, Form, Input, InputNumber } from 'antd';
import { PRODUCT_SCOPES, RATE_LIMIT_PER_MINUTE_MAX, WEBHOOK_EVENT_TYPES, WEBHOOK_URL_MAX } from '@vaultdesk/contract';

/** The fields of the "New client" and "Edit" form: name, scopes with their descriptions, webhook, event types, rate limit. */
export const ClientFormFields = () => (
  <>
    <Form.Item
      name="name"
      label="Name"
      rules={[
        { required: true, whitespace: true, message: 'Give the client a name' },
        { max: 100, message: 'At most 100 characters' },
      ]}
    >
      <Input maxLength={100} />
    </Form.Item>
    <Form.Item
      name="scopes"
      label="Scopes"
      rules={[{ required: true, type: 'array', min: 1, message: 'Give the client at least one scope' }]}
    >
      <Checkbox.Group style={{ display: 'flex', flexDirection: 'column', gap: 4 }}>
        {Object.entries(PRODUCT_SCOPES).map(([scope, description]) => (
          <Checkbox key={scope} value={scope}>
            <code>{scope}</code> — {description}
          </Checkbox>
        ))}
      </Checkbox.Group>
    </Form.Item>
    <Form.Item
      name="webhookUrl"
      label="Webhook URL"
      extra="https; plain http only to a local address where the server allows it. Empty: no webhooks."
      rules={[{ max: WEBHOOK_URL_MAX, message: `At most ${WEBHOOK_URL_MAX} characters` }]}
    >
      <Input placeholder="https://app.example.com/vaultdesk/webhooks" />
    </Form.Item>
    <Form.Item name="eventTypes" label="Event types" extra="None ticked: every event type.">
      <Checkbox.Group style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 4 }}>
        {WEBHOOK_EVENT_TYPES.map((type) => (
          <Checkbox key={type} value={type}>
            {type}
          </Checkbox>
        ))}
      </Checkbox.Group>
    </Form.Item>
    <Form.Item
      name="rateLimitPerMinute"
      label="Rate limit (requests a minute)"
      rules={[{ required: true, message: 'Give a rate limit' }]}
    >
      <InputNumber min={1} max={RATE_LIMIT_PER_MINUTE_MAX} precision={0} style={{ width: 200 }} />
    </Form.Item>
  </>
);
