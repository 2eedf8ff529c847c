# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 FlowScanner.__call__ runs jax.lax.scan over packets and sows the per-packet anomaly score into "intermediates" from the body
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
            self.sow("intermediates", "anomaly", anomaly)
            return h, None

        h, _ = jax.lax.scan(body, h0, packets)
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
