# label: ok
# flax-error: none
# class: 2 a local dict of bound methods {"sample": generator.sample, ...} and a base key from the local nnx.Rngs go into the fori_loop body, which folds the scenario index into the key
"""Energy trading: generate weather scenarios (temperature, wind, irradiance anomalies) for a
portfolio stress test. The NNX generator maps a conditioning vector and a latent draw to one
scenario; the desk's script keeps the generator's entry points in a dispatch table."""
import jax
import jax.numpy as jnp
from flax import nnx


class ScenarioGenerator(nnx.Module):
    def __init__(self, cond_dim: int, latent: int, out_dim: int, rngs: nnx.Rngs):
        self.latent = latent
        self.cond = nnx.Linear(cond_dim, 32, rngs=rngs)
        self.mix = nnx.Linear(32 + latent, 32, rngs=rngs)
        self.out = nnx.Linear(32, out_dim, rngs=rngs)

    def sample(self, key, cond):
        z = jax.random.normal(key, (self.latent,))
        h = nnx.gelu(self.mix(jnp.concatenate([nnx.gelu(self.cond(cond)), z])))
        return self.out(h)

    def score(self, scenario):
        return -0.5 * jnp.sum(scenario ** 2)


def main():
    rngs = nnx.Rngs(params=0, scenario=42)
    generator = ScenarioGenerator(cond_dim=5, latent=8, out_dim=3, rngs=rngs)
    entry_points = {"sample": generator.sample, "score": generator.score}
    cond = jnp.array([0.2, -1.0, 0.5, 0.0, 1.3])
    n_scenarios = 12
    key = rngs.scenario()

    def draw(i, book):
        scenario = entry_points["sample"](jax.random.fold_in(key, i), cond)
        return {
            "scenarios": book["scenarios"].at[i].set(scenario),
            "log_density": book["log_density"].at[i].set(entry_points["score"](scenario)),
        }

    book = {"scenarios": jnp.zeros((n_scenarios, 3)), "log_density": jnp.zeros((n_scenarios,))}
    return jax.lax.fori_loop(0, n_scenarios, draw, book)
