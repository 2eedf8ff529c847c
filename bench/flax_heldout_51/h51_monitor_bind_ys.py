# label: ok
# flax-error: none
# class: 5 a monitor wraps model.apply with a mutable intermediates collection; the scan body returns the sown norms as ys
"""Activation monitoring: an ActivationMonitor runs the model with a mutable intermediates
collection in the evaluation scan, returns the sown activation norms per step, and inspects them
afterwards to raise alerts."""
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
        self.model = model
        self.variables = variables
        self.threshold = threshold
        self.alerts = []

    def forward(self, x):
        y, state = self.model.apply(self.variables, x, mutable=["intermediates"])
        return y, state["intermediates"]

    def check(self, inter):
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
        y, inter = monitor.forward(x)
        return total + jnp.sum(y), inter

    xs = jax.random.normal(jax.random.PRNGKey(1), (5, 4, 8))
    _, inter = lax.scan(body, jnp.zeros(()), xs)
    monitor.check(inter)
