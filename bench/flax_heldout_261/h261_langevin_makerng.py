# label: same-values
# flax-error: none
# class: 1 the LangevinSampler module's own __call__ runs lax.scan and its body calls self.make_rng('langevin')
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class ScoreNet(nn.Module):
    hidden: int = 16

    @nn.compact
    def __call__(self, x):
        h = nn.swish(nn.Dense(self.hidden)(x))
        h = nn.swish(nn.Dense(self.hidden)(h))
        return nn.Dense(x.shape[-1])(h)


class LangevinSampler(nn.Module):
    n_steps: int = 6
    step_size: float = 1e-2

    def setup(self):
        self.score = ScoreNet()

    def __call__(self, x0):
        eps = self.step_size
        # one deterministic gradient step to move off the prior mode
        x = x0 + eps * self.score(x0)

        def langevin_step(x, _):
            noise = jax.random.normal(self.make_rng("langevin"), x.shape)
            x = x + eps * self.score(x) + jnp.sqrt(2.0 * eps) * noise
            return x, noise

        x, noises = lax.scan(langevin_step, x, None, length=self.n_steps)
        return x, noises


def main():
    sampler = LangevinSampler()
    x0 = jnp.zeros((8, 2))
    variables = sampler.init(
        {"params": jax.random.key(0), "langevin": jax.random.key(1)}, x0
    )
    samples, noises = sampler.apply(variables, x0, rngs={"langevin": jax.random.key(2)})
    jax.block_until_ready(samples)
    return noises
