# label: ok
# flax-error: none
# class: 1 FlowScanner.__call__ runs jax.lax.scan over packets, returns the per-packet anomaly score as ys and sows the stacked scores after the loop
"""Network intrusion detector: a recurrent scanner over packet windows whose
per-packet anomaly scores are collected with sow and read by the detector."""
import jax
import jax.numpy as jnp
import flax.linen as nn

ALERT_THRESHOLD = 0.8


class FlowScanner(nn.Module):
    hidden: int = 12

    @nn.compact
    def __call__(self, packets):  # [time, flows, features]
        cell = nn.GRUCell(self.hidden)
        head = nn.Dense(1)
        h0 = jnp.zeros((packets.shape[1], self.hidden))
        if self.is_initializing():
            cell(h0, packets[0])
            head(h0)

        def body(h, pkt):
            h, _ = cell(h, pkt)
            anomaly = jax.nn.sigmoid(head(h)[..., 0])
            return h, anomaly

        h, anomalies = jax.lax.scan(body, h0, packets)
        self.sow("intermediates", "anomaly", anomalies)
        return jax.nn.sigmoid(head(h)[..., 0])


class IntrusionDetector:
    def __init__(self, scanner, params):
        self.scanner = scanner
        self.params = params

    def inspect(self, packets):
        verdict, state = self.scanner.apply(
            {"params": self.params}, packets, mutable=["intermediates"])
        per_packet = jnp.stack(state["intermediates"]["anomaly"])
        alerts = (per_packet > ALERT_THRESHOLD).sum()
        return verdict, alerts


def main():
    packets = jax.random.normal(jax.random.key(3), (10, 4, 7))
    scanner = FlowScanner()
    params = scanner.init(jax.random.key(4), packets)["params"]
    detector = IntrusionDetector(scanner, params)
    verdict, alerts = detector.inspect(packets)
    print(verdict.shape, int(alerts))
    return None
