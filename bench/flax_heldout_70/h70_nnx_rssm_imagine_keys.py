# label: ok
# flax-error: none
# class: 3 bound method self.img_step passed as the lax.scan body samples the latent with per-step keys drawn from the nnx.Rngs stream before the loop and scanned as xs
"""Dreamer-style RSSM imagination in NNX.

`img_step` advances the GRU state and samples the stochastic latent from the prior;
`imagine` scans it over a sequence of actions.
"""
import jax
import jax.numpy as jnp
from flax import nnx


class RSSM(nnx.Module):
    def __init__(self, deter=32, stoch=8, act=3, hidden=32, *, rngs: nnx.Rngs):
        self.inp = nnx.Linear(stoch + act, hidden, rngs=rngs)
        self.cell = nnx.GRUCell(hidden, deter, rngs=rngs)
        self.prior = nnx.Linear(deter, 2 * stoch, rngs=rngs)
        self.rngs = rngs

    def img_step(self, carry, inp):
        h, z = carry
        action, key = inp
        x = nnx.elu(self.inp(jnp.concatenate([z, action], -1)))
        h, _ = self.cell(h, x)
        mean, log_std = jnp.split(self.prior(h), 2, -1)
        std = nnx.softplus(log_std) + 0.1
        z = mean + std * jax.random.normal(key, mean.shape)
        return (h, z), h

    def imagine(self, h0, z0, actions):
        keys = jax.random.split(self.rngs.latent(), actions.shape[0])
        _, hs = jax.lax.scan(self.img_step, (h0, z0), (actions, keys))
        return hs


def main():
    B, T = 2, 5
    model = RSSM(rngs=nnx.Rngs(params=0, latent=1))
    hs = model.imagine(jnp.zeros((B, 32)), jnp.zeros((B, 8)), jnp.zeros((T, B, 3)))
    print(hs.shape)
    return None
