# label: ok
# flax-error: none
# class: 3 setup() submodules reached through the bound method self.img_step passed as the lax.scan body; init runs a single img_step outside any loop
"""Dreamer-style RSSM imagination rollout in Linen.

The deterministic GRU state and the prior over the stochastic latent are advanced by
`img_step`; `imagine` rolls it over a sequence of actions with lax.scan.
"""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class RSSM(nn.Module):
    deter: int = 32
    stoch: int = 8
    hidden: int = 32

    def setup(self):
        self.inp = nn.Dense(self.hidden)
        self.cell = nn.GRUCell(features=self.deter)
        self.prior = nn.Dense(2 * self.stoch)

    def img_step(self, carry, action):
        h, z = carry
        x = nn.elu(self.inp(jnp.concatenate([z, action], -1)))
        h, _ = self.cell(h, x)
        mean, log_std = jnp.split(self.prior(h), 2, -1)
        z = mean  # deterministic prior mean for value targets
        return (h, z), h

    def imagine(self, h0, z0, actions):
        (_, _), hs = lax.scan(self.img_step, (h0, z0), actions)
        return hs


def main():
    B, T, A = 2, 5, 3
    model = RSSM()
    h0 = jnp.zeros((B, model.deter))
    z0 = jnp.zeros((B, model.stoch))
    actions = jnp.zeros((T, B, A))
    # initialise through one step: parameters are created outside the scan
    variables = model.init(jax.random.PRNGKey(0), (h0, z0), actions[0], method=RSSM.img_step)
    hs = model.apply(variables, h0, z0, actions, method=RSSM.imagine)
    print(hs.shape)
    return None
