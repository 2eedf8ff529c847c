# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 self.step is the scan body and writes the membrane potential into a mutable 'state' variable
"""Leaky integrate-and-fire layer run over time with surrogate gradients (snnTorch-style port)."""
import jax
import jax.numpy as jnp
import flax.linen as nn


@jax.custom_jvp
def spike(v):
    return (v > 0).astype(v.dtype)


@spike.defjvp
def _spike_jvp(primals, tangents):
    (v,), (dv,) = primals, tangents
    return spike(v), dv / (1.0 + 10.0 * jnp.abs(v)) ** 2


class LIFLayer(nn.Module):
    features: int
    beta: float = 0.9
    threshold: float = 1.0

    def setup(self):
        self.fc = nn.Dense(self.features)
        self.mem = self.variable("state", "mem", jnp.zeros, (self.features,))

    def step(self, _, x_t):
        v = self.beta * self.mem.value + self.fc(x_t)
        s = spike(v - self.threshold)
        self.mem.value = v - s * self.threshold
        return None, s

    def __call__(self, xs):
        self.fc(xs[0])
        _, spikes = jax.lax.scan(self.step, None, xs)
        return spikes


def main():
    model = LIFLayer(features=16)
    xs = jax.random.uniform(jax.random.key(0), (20, 8))
    variables = model.init(jax.random.key(1), xs)
    spikes, updates = model.apply(variables, xs, mutable=["state"])
    rate = spikes.mean() + updates["state"]["mem"].sum()
    return None
