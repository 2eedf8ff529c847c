# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[11,32] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 setup() submodules reached through the bound method self.img_step passed as the lax.scan body; init runs through the rollout
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
    variables = model.init(jax.random.PRNGKey(0), h0, z0, actions, method=RSSM.imagine)
    hs = model.apply(variables, h0, z0, actions, method=RSSM.imagine)
    print(hs.shape)
    return None
