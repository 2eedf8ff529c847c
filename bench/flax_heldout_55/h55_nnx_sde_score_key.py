# label: same-values
# flax-error: none
# class: 3 reverse-SDE sampler function receives the score model and one key drawn from its nnx.Rngs before the loop; the jax.lax.scan body closes over that key
"""Score-based generative model (VP-SDE) sampling with Euler-Maruyama in NNX: the sampler is a
free function that receives the score network and draws one key from its Rngs stream."""
import jax
import jax.numpy as jnp
from flax import nnx


class ScoreNet(nnx.Module):
    def __init__(self, dim, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(dim + 1, 32, rngs=rngs)
        self.l2 = nnx.Linear(32, dim, rngs=rngs)
        self.rngs = rngs

    def __call__(self, x, t):
        return self.l2(nnx.silu(self.l1(jnp.concatenate([x, t[None]]))))


def reverse_sde_sample(score, x_T, n_steps=6, beta=1.0):
    dt = 1.0 / n_steps
    key = score.rngs.sample()

    def step(x, i):
        t = 1.0 - i * dt
        drift = -0.5 * beta * x - beta * score(x, t)
        z = jax.random.normal(key, x.shape)
        x = x - drift * dt + jnp.sqrt(beta * dt) * z
        return x, z

    _, zs = jax.lax.scan(step, x_T, jnp.arange(n_steps))
    return zs


def main():
    score = ScoreNet(2, nnx.Rngs(params=0, sample=1))
    return reverse_sde_sample(score, jnp.ones((2,)))
