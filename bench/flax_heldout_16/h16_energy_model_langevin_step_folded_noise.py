# label: ok
# flax-error: none
# class: 3 the model's _noise helper calls make_rng('langevin') in the scan body of langevin() and folds in the step index taken from xs (apply method=, rngs=)
"""Energy-based model sampled with unadjusted Langevin dynamics."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclasses.dataclass(frozen=True)
class EBMConfig:
    dim: int = 4
    hidden: int = 16
    num_steps: int = 5
    step_size: float = 0.05


class EnergyNet(nn.Module):
    hidden: int

    @nn.compact
    def __call__(self, x):
        h = nn.swish(nn.Dense(self.hidden)(x))
        h = nn.swish(nn.Dense(self.hidden)(h))
        return nn.Dense(1)(h).squeeze(-1)


class EnergyModel(nn.Module):
    config: EBMConfig

    def setup(self):
        self.energy = EnergyNet(self.config.hidden)

    def __call__(self, x):
        return self.energy(x)

    def _noise(self, step, shape):
        return jax.random.normal(jax.random.fold_in(self.make_rng("langevin"), step), shape)

    def _score(self, x):
        return -jax.grad(lambda y: self.energy(y).sum())(x)

    def langevin(self, x0):
        eps = self.config.step_size

        def body(x, step):
            noise = self._noise(step, x.shape)
            x = x + 0.5 * eps * self._score(x) + jnp.sqrt(eps) * noise
            return x, noise

        return jax.lax.scan(body, x0, jnp.arange(self.config.num_steps))


class LangevinSampler:
    def __init__(self, model, variables):
        self.model = model
        self.variables = variables

    def run(self, key, n):
        init_key, noise_key = jax.random.split(key)
        x0 = jax.random.normal(init_key, (n, self.model.config.dim))
        return self.model.apply(self.variables, x0, method=EnergyModel.langevin,
                                rngs={"langevin": noise_key})


def main():
    config = EBMConfig()
    model = EnergyModel(config)
    variables = model.init(jax.random.key(0), jnp.zeros((1, config.dim)))
    sampler = LangevinSampler(model, variables)
    samples, injected_noise = sampler.run(jax.random.key(1), 3)
    return injected_noise
