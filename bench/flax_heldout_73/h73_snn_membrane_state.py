# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[24] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 bound method self.step is the raw lax.scan body and writes the membrane potential into a mutable 'state' variable (self.v.value = ...) on every step
"""Stateful leaky integrate-and-fire layer for streaming neuromorphic input: the membrane
potential persists across chunks in a 'state' collection (as in snnTorch-style stateful
neurons)."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class StatefulLIF(nn.Module):
    n_out: int = 24
    beta: float = 0.85
    threshold: float = 1.0

    def setup(self):
        self.fc = nn.Dense(self.n_out)
        self.v = self.variable('state', 'v', jnp.zeros, (self.n_out,))

    def step(self, _, x_t):
        v = self.beta * self.v.value + self.fc(x_t)
        spk = (v > self.threshold).astype(v.dtype)
        if not self.is_initializing():
            self.v.value = v - spk * self.threshold
        return None, spk

    def __call__(self, x_seq):
        self.fc(x_seq[0])  # build the layer
        _, spikes = lax.scan(self.step, None, x_seq)
        return spikes


def main():
    layer = StatefulLIF()
    chunks = jax.random.bernoulli(jax.random.key(1), 0.3, (3, 10, 16)).astype(jnp.float32)
    variables = layer.init(jax.random.key(0), chunks[0])
    params, state = variables['params'], variables['state']
    rates = []
    for chunk in chunks:
        spikes, updates = layer.apply({'params': params, 'state': state}, chunk, mutable=['state'])
        state = updates['state']
        rates.append(spikes.mean())
    jax.block_until_ready((rates, state))
    return None


if __name__ == "__main__":
    main()
