# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 a monitor stores model.bind(...) with a mutable intermediates collection and the scan body calls the bound module
"""Activation monitoring: an ActivationMonitor binds the model once and calls the bound module in
the evaluation scan, then inspects the sown activation norms to raise alerts."""
import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax


class Encoder(nn.Module):
    @nn.compact
    def __call__(self, x):
        for i in range(2):
            x = nn.tanh(nn.Dense(16, name=f"dense_{i}")(x))
            self.sow("intermediates", f"act_norm_{i}", jnp.linalg.norm(x, axis=-1).mean())
        return x


class ActivationMonitor:
    def __init__(self, model, variables, threshold=100.0):
        self.bound = model.bind(variables, mutable=["intermediates"])
        self.threshold = threshold
        self.alerts = []

    def forward(self, x):
        return self.bound(x)

    def check(self):
        inter = self.bound.variables["intermediates"]
        for name, values in inter.items():
            worst = jnp.max(jnp.stack(values))
            if worst > self.threshold:
                self.alerts.append(name)
        return self.alerts


def main():
    model = Encoder()
    variables = model.init(jax.random.PRNGKey(0), jnp.ones((4, 8)))
    monitor = ActivationMonitor(model, {"params": variables["params"]})

    def body(total, x):
        y = monitor.forward(x)
        return total + jnp.sum(y), None

    xs = jax.random.normal(jax.random.PRNGKey(1), (5, 4, 8))
    lax.scan(body, jnp.zeros(()), xs)
    monitor.check()
