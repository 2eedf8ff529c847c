# label: ok
# flax-error: none
# class: 1 nn.OptimizedLSTMCell defined in the compact __call__, called once on the first frame before the raw lax.scan body reuses it
# modelled on: crackedaicode.com "jax.lax.scan inside a Flax Module" (https://crackedaicode.com/problems/flax-lax-scan-in-module); google/flax issue #16 "Documentation for recurrent"
"""Sensor-stream encoder: project each frame, run an LSTM over time, pool."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class SensorEncoder(nn.Module):
    embed_dim: int = 16
    hidden: int = 24

    @nn.compact
    def __call__(self, frames):
        # frames: [time, batch, channels]
        x = nn.Dense(self.embed_dim)(frames)
        cell = nn.OptimizedLSTMCell(self.hidden)
        carry = cell.initialize_carry(jax.random.key(0), x[0].shape)
        carry, h0 = cell(carry, x[0])

        def step(carry, x_t):
            carry, h = cell(carry, x_t)
            return carry, h

        _, hs = jax.lax.scan(step, carry, x[1:])
        pooled = jnp.concatenate([h0[None], hs], axis=0).mean(axis=0)
        return nn.Dense(4)(pooled)


def main():
    frames = jax.random.normal(jax.random.key(1), (12, 3, 6))
    model = SensorEncoder()
    variables = model.init(jax.random.key(2), frames)
    logits = model.apply(variables, frames)
    n_params = sum(p.size for p in jax.tree.leaves(variables["params"]))
    print(logits.shape, n_params)
    return None
