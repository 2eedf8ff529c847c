# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 the scan body merges the model correctly but reports each loss to an AlertMonitor object that keeps the traced values past the loop
"""Training-health monitoring: an AlertMonitor (a plain Python utility) receives the loss of
every step and raises alerts for NaNs and spikes after the epoch; the NNX model runs through
split/merge inside a jax.lax.scan."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class AlertMonitor:
    def __init__(self, spike_factor=3.0):
        self.spike_factor = spike_factor
        self.history = {}

    def observe(self, name, value):
        self.history.setdefault(name, []).append(value)

    def alerts(self):
        out = []
        for name, values in self.history.items():
            v = jnp.stack(values)
            if bool(jnp.any(jnp.isnan(v))):
                out.append(f"{name}: nan")
            if bool(jnp.any(v > self.spike_factor * jnp.median(v))):
                out.append(f"{name}: spike")
        return out


class Net(nnx.Module):
    def __init__(self, rngs):
        self.l1 = nnx.Linear(5, 16, rngs=rngs)
        self.l2 = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.tanh(self.l1(x)))


def main():
    model = Net(nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.sgd(0.05), wrt=nnx.Param)
    monitor = AlertMonitor()
    graphdef, state = nnx.split((model, optimizer))
    xs = jax.random.normal(jax.random.key(1), (6, 8, 5))
    ys = xs.sum(-1, keepdims=True)

    def body(state, batch):
        m, opt = nnx.merge(graphdef, state)
        x, y = batch
        loss, grads = nnx.value_and_grad(lambda mm: jnp.mean((mm(x) - y) ** 2))(m)
        opt.update(m, grads)
        monitor.observe("loss", loss)
        return nnx.state((m, opt)), None

    state, _ = jax.lax.scan(body, state, (xs, ys))
    nnx.update((model, optimizer), state)
    monitor.alerts()
