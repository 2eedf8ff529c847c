# label: same-values
# flax-error: none
# class: 2 an NNX diffusion sampler draws one key from its nnx.Rngs 'noise' stream before a raw jax.lax.fori_loop and reuses that key in every iteration of the body
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class ScoreNet(nnx.Module):
    def __init__(self, dim, *, rngs):
        self.l1 = nnx.Linear(dim + 1, 32, rngs=rngs)
        self.l2 = nnx.Linear(32, dim, rngs=rngs)

    def __call__(self, x, t):
        tt = jnp.broadcast_to(t, x.shape[:-1] + (1,))
        return self.l2(nnx.silu(self.l1(jnp.concatenate([x, tt], -1))))


class LangevinSampler(nnx.Module):
    def __init__(self, score, steps, *, rngs: nnx.Rngs):
        self.score = score
        self.steps = steps
        self.rngs = rngs

    def sample(self, x, eps=0.01):
        key = self.rngs.noise()
        noises = jnp.zeros((self.steps,) + x.shape)

        def body(i, carry):
            x, noises = carry
            z = jax.random.normal(key, x.shape)
            t = 1.0 - i / self.steps
            x = x + eps * self.score(x, t) + jnp.sqrt(2 * eps) * z
            return x, noises.at[i].set(z)

        _, noises = jax.lax.fori_loop(0, self.steps, body, (x, noises))
        return noises


def main():
    sampler = LangevinSampler(ScoreNet(4, rngs=nnx.Rngs(0)), 5, rngs=nnx.Rngs(noise=9))
    return sampler.sample(jnp.zeros((2, 4)))
