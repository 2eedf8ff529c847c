# label: same-values
# flax-error: none
# class: 3 decoder method self.step passed as the lax.scan body draws its zoneout mask with self.make_rng inside the body
"""Tacotron-2 style autoregressive decoder with zoneout on the LSTM state (Linen).

`step` is one decoder step; `__call__` runs it over teacher-forced mel frames with lax.scan
and returns the zoneout masks (logged to check the zoneout rate).
"""
import jax
import jax.numpy as jnp
from flax import linen as nn


class ZoneoutDecoder(nn.Module):
    units: int = 16
    n_mels: int = 8
    zoneout: float = 0.1

    def setup(self):
        self.prenet = nn.Dense(self.units)
        self.cell = nn.LSTMCell(features=self.units)
        self.proj = nn.Dense(self.n_mels)

    def step(self, carry, prev_frame):
        c, h = carry
        x = nn.relu(self.prenet(prev_frame))
        (new_c, new_h), _ = self.cell((c, h), x)
        keep = jax.random.bernoulli(self.make_rng("zoneout"), self.zoneout, h.shape)
        new_h = jnp.where(keep, h, new_h)
        new_c = jnp.where(keep, c, new_c)
        return (new_c, new_h), (self.proj(new_h), keep.astype(jnp.float32))

    def __call__(self, mels):
        B = mels.shape[1]
        carry = (jnp.zeros((B, self.units)), jnp.zeros((B, self.units)))
        go = jnp.zeros((1, B, self.n_mels))
        prev = jnp.concatenate([go, mels[:-1]], 0)
        _, (pred, masks) = jax.lax.scan(self.step, carry, prev)
        return pred, masks


def main():
    T, B = 6, 2
    model = ZoneoutDecoder()
    mels = jax.random.normal(jax.random.PRNGKey(5), (T, B, 8))
    carry = (jnp.zeros((B, 16)), jnp.zeros((B, 16)))
    rngs = {"params": jax.random.PRNGKey(0), "zoneout": jax.random.PRNGKey(1)}
    variables = model.init(rngs, carry, mels[0], method=ZoneoutDecoder.step)
    _, masks = model.apply(variables, mels, rngs={"zoneout": jax.random.PRNGKey(2)})
    return masks
