# label: same-values
# flax-error: none
# class: 5 GustModel.simulate wraps its step with jax.checkpoint and the step calls self.make_rng('gust') inside the scan body
"""Harbour crane safety: simulates wind-gust sway loads on a suspended container."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class SwayHead(nn.Module):
    @nn.compact
    def __call__(self, gust):
        return nn.softplus(nn.Dense(1)(nn.tanh(nn.Dense(8)(gust))))


class GustModel(nn.Module):
    n_components: int = 6
    damping: float = 0.85

    def setup(self):
        self.sway = SwayHead()

    def __call__(self, gust):
        return self.sway(gust)

    def simulate(self, n_steps: int):
        def step(energy, _):
            key = self.make_rng("gust")
            gust = jax.random.normal(key, (self.n_components,))
            load = self.sway(gust)
            return self.damping * energy + load.sum(), load

        step = jax.checkpoint(step)
        _, loads = jax.lax.scan(step, jnp.zeros(()), None, length=n_steps)
        return loads


def main():
    model = GustModel()
    variables = model.init(jax.random.key(0), jnp.zeros((6,)))
    loads = model.apply(
        variables, 12, method=GustModel.simulate, rngs={"gust": jax.random.key(7)}
    )
    return loads
