# label: ok
# flax-error: none
# class: 3 imagine(), run via apply(method=), threads a make_rng key through the raw lax.scan carry and hands a split key to the helper method
# modelled on: dreamerv3_flax RSSM(nn.Module) (Linen DreamerV3 port, code search excerpt; repository not named)
"""Recurrent state-space model: imagine latent trajectories under a given action sequence."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class RSSM(nn.Module):
    deter: int = 8
    stoch: int = 4

    def setup(self):
        self.cell = nn.GRUCell(features=self.deter)
        self.prior = nn.Dense(2 * self.stoch)
        self.inp = nn.Dense(self.deter)

    def _sample_latent(self, h, key):
        stats = self.prior(h)
        mean, raw_std = jnp.split(stats, 2, -1)
        std = nn.softplus(raw_std) + 0.1
        eps = jax.random.normal(key, mean.shape)
        return mean + std * eps, eps

    def __call__(self, h, z, a, key=None):
        if key is None:
            key = self.make_rng("sample")
        h, _ = self.cell(h, self.inp(jnp.concatenate([z, a], -1)))
        z, eps = self._sample_latent(h, key)
        return h, z, eps

    def imagine(self, h0, z0, actions):
        def step(carry, a):
            h, z, key = carry
            key, sub = jax.random.split(key)
            h, z, eps = self(h, z, a, sub)
            return (h, z, key), eps

        key0 = self.make_rng("sample")
        (h_T, z_T, _), eps_seq = jax.lax.scan(step, (h0, z0, key0), actions)
        return z_T, eps_seq


def main():
    model = RSSM()
    h0, z0 = jnp.zeros((2, 8)), jnp.zeros((2, 4))
    actions = jnp.zeros((7, 2, 3))
    rngs = {"params": jax.random.key(0), "sample": jax.random.key(1)}
    variables = model.init(rngs, h0, z0, actions[0])
    z_T, eps_seq = model.apply(variables, h0, z0, actions, method=RSSM.imagine,
                               rngs={"sample": jax.random.key(2)})
    assert z_T.shape == (2, 4)
    # the latent noise drawn at every imagined step
    return eps_seq
