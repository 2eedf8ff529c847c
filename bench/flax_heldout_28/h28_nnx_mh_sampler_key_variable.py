# label: same-values
# flax-error: none
# class: 2 the scan body calls sampler.propose, which splits the PRNG key held in an nnx.Variable attribute of the sampler module
import jax
import jax.numpy as jnp
from flax import nnx


class LogDensity(nnx.Module):
    def __init__(self, dim, *, rngs: nnx.Rngs):
        self.proj = nnx.Linear(dim, dim, rngs=rngs)

    def __call__(self, x):
        return -0.5 * jnp.sum(self.proj(x) ** 2)


class RandomWalkMH(nnx.Module):
    def __init__(self, target: LogDensity, step_size: float, seed: int):
        self.target = target
        self.step_size = step_size
        self.key = nnx.Variable(jax.random.key(seed))

    def propose(self, x):
        key, k_eps, k_u = jax.random.split(self.key[...], 3)
        eps = jax.random.normal(k_eps, x.shape)
        u = jax.random.uniform(k_u)
        return x + self.step_size * eps, eps, u

    def step(self, x):
        x_new, eps, u = self.propose(x)
        log_ratio = self.target(x_new) - self.target(x)
        x = jnp.where(jnp.log(u) < log_ratio, x_new, x)
        return x, (eps, u)


def run_chain(sampler, x0, num_steps):
    def body(x, _):
        return sampler.step(x)

    return jax.lax.scan(body, x0, None, length=num_steps)


def main():
    sampler = RandomWalkMH(LogDensity(2, rngs=nnx.Rngs(0)), step_size=0.5, seed=11)
    x_last, (eps, u) = run_chain(sampler, jnp.zeros(2), num_steps=8)
    print("last state", x_last)
    return eps, u
