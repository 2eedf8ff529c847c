# label: same-values
# flax-error: none
# class: 3 a WearScheduler keeps its rng key as an attribute and passes it as rngs={'noise': self.rng} to model.apply in every fori_loop step
"""Tram wheel-wear scheduler: samples projected flange wear to plan re-profiling."""
import flax.linen as nn
import jax
import jax.numpy as jnp


class WearProjector(nn.Module):
    sigma: float = 0.05

    @nn.compact
    def __call__(self, duty):
        base = nn.softplus(nn.Dense(1)(duty))[..., 0]
        noise = jax.random.normal(self.make_rng("noise"), base.shape)
        return base * (1.0 + self.sigma * noise)


class WearScheduler:
    def __init__(self, model, variables, seed, n_samples=6):
        self.model = model
        self.variables = variables
        self.rng = jax.random.key(seed)
        self.n_samples = n_samples

    def sample_wear(self, duty):
        def sample(i, buf):
            wear = self.model.apply(self.variables, duty, rngs={"noise": self.rng})
            return buf.at[i].set(wear)

        buf = jnp.zeros((self.n_samples, duty.shape[0]))
        return jax.lax.fori_loop(0, self.n_samples, sample, buf)


def main():
    model = WearProjector()
    duty = jax.random.uniform(jax.random.key(0), (8, 4))  # 8 trams, 4 duty features
    variables = model.init({"params": jax.random.key(1), "noise": jax.random.key(2)}, duty)
    scheduler = WearScheduler(model, {"params": variables["params"]}, seed=3)
    return scheduler.sample_wear(duty)
