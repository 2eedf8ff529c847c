# label: ok
# flax-error: none
# class: 2 bound method self.step is the raw lax.scan body; the membrane potential is read before the loop, threaded as the scan carry and written to the 'state' variable once after it
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

    def step(self, v, x_t):
        v = self.beta * v + self.fc(x_t)
        spk = (v > self.threshold).astype(v.dtype)
        return v - spk * self.threshold, spk

    def __call__(self, x_seq):
        self.fc(x_seq[0])  # build the layer
        v_final, spikes = lax.scan(self.step, self.v.value, x_seq)
        if not self.is_initializing():
            self.v.value = v_final
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
