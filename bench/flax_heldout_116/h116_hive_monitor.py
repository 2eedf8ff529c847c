# label: same-values
# flax-error: none
# class: 1 HiveAcousticModel.__call__ runs the fori_loop itself and calls self.make_rng("sampling") inside the body
"""Apiary monitoring: a hive acoustic model turns a microphone spectrum into a
swarm-risk latent and draws posterior samples for the alerting service."""
import jax
import jax.numpy as jnp
from flax import linen as nn

lax = jax.lax


class HiveAcousticModel(nn.Module):
    latent: int = 4
    num_draws: int = 6
    noise_scale: float = 0.2

    @nn.compact
    def __call__(self, spectrum):
        mean = nn.Dense(self.latent, name="mean")(spectrum)
        log_std = nn.Dense(self.latent, name="log_std")(spectrum)

        def draw(i, draws):
            eps = jax.random.normal(self.make_rng("sampling"), mean.shape)
            return draws.at[i].set(mean + self.noise_scale * jnp.exp(log_std) * eps)

        draws = jnp.zeros((self.num_draws,) + mean.shape)
        return lax.fori_loop(0, self.num_draws, draw, draws)


class SwarmAlertService:
    def __init__(self, model, variables, seed):
        self.model = model
        self.variables = variables
        self.seed = seed

    def posterior(self, spectrum):
        rngs = {"sampling": jax.random.key(self.seed)}
        return self.model.apply(self.variables, spectrum, rngs=rngs)


def main():
    model = HiveAcousticModel()
    spectrum = jax.random.normal(jax.random.key(2), (3, 10))
    variables = model.init({"params": jax.random.key(0), "sampling": jax.random.key(1)}, spectrum)
    return SwarmAlertService(model, variables, seed=5).posterior(spectrum)
