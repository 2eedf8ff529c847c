# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 the sampler module holds an nnx.Rngs and its sample method's raw jax.lax.scan step draws self.rngs.noise() every step
"""DDPM ancestral sampler written with Flax NNX."""
import jax
import jax.numpy as jnp
from flax import nnx


class ScoreNet(nnx.Module):
    def __init__(self, dim: int, hidden: int, *, rngs: nnx.Rngs):
        self.t_embed = nnx.Linear(1, hidden, rngs=rngs)
        self.l1 = nnx.Linear(dim, hidden, rngs=rngs)
        self.l2 = nnx.Linear(hidden, dim, rngs=rngs)

    def __call__(self, x, t):
        h = nnx.silu(self.l1(x) + self.t_embed(t[:, None]))
        return self.l2(h)


class DDPMSampler(nnx.Module):
    def __init__(self, net: ScoreNet, num_steps: int, *, rngs: nnx.Rngs):
        self.net = net
        self.num_steps = num_steps
        self.rngs = rngs

    def sample(self, x_T):
        betas = jnp.linspace(1e-4, 0.05, self.num_steps)
        alphas = 1.0 - betas
        alpha_bars = jnp.cumprod(alphas)

        def step(x, t):
            tt = jnp.full((x.shape[0],), t / self.num_steps)
            eps = self.net(x, tt)
            mean = (x - betas[t] / jnp.sqrt(1 - alpha_bars[t]) * eps) / jnp.sqrt(alphas[t])
            z = jax.random.normal(self.rngs.noise(), x.shape)
            return mean + jnp.sqrt(betas[t]) * z, z

        _, zs = jax.lax.scan(step, x_T, jnp.arange(self.num_steps)[::-1])
        return zs


def main():
    rngs = nnx.Rngs(params=0, noise=1)
    sampler = DDPMSampler(ScoreNet(2, 32, rngs=rngs), num_steps=8, rngs=rngs)
    x_T = jax.random.normal(jax.random.key(2), (4, 2))
    return sampler.sample(x_T)
