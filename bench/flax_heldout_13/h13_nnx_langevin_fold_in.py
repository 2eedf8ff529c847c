# label: ok
# flax-error: none
# class: 2 the sampler draws one key from the model's nnx.Rngs before the raw fori_loop and folds in the step index for each noise draw
import jax
import jax.numpy as jnp
from flax import nnx


class ScoreMLP(nnx.Module):
    def __init__(self, dim, *, rngs: nnx.Rngs):
        self.t_embed = nnx.Linear(1, 32, rngs=rngs)
        self.inp = nnx.Linear(dim, 32, rngs=rngs)
        self.out = nnx.Linear(32, dim, rngs=rngs)
        self.rngs = rngs

    def __call__(self, x, t):
        h = self.inp(x) + self.t_embed(jnp.full(x.shape[:-1] + (1,), t))
        return self.out(nnx.silu(h))


def annealed_langevin(score, x, sigmas, step_size=0.01):
    key = score.rngs.sample()
    noises = jnp.zeros((sigmas.shape[0],) + x.shape)

    def body(i, carry):
        x, noises = carry
        eps = step_size * sigmas[i] ** 2
        z = jax.random.normal(jax.random.fold_in(key, i), x.shape)
        x = x + eps * score(x, sigmas[i]) + jnp.sqrt(2 * eps) * z
        return x, noises.at[i].set(z)

    return jax.lax.fori_loop(0, sigmas.shape[0], body, (x, noises))


def main():
    score = ScoreMLP(2, rngs=nnx.Rngs(params=0, sample=1))
    sigmas = jnp.geomspace(1.0, 0.01, 6)
    _, noises = annealed_langevin(score, jnp.zeros((4, 2)), sigmas)
    return noises
