# label: ok
# flax-error: none
# class: 1 the LangevinSampler module's own __call__ draws one key with self.make_rng('langevin') and folds the step index into it inside lax.scan
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
        chain_key = self.make_rng("langevin")

        def langevin_step(carry, _):
            x, t = carry
            noise = jax.random.normal(jax.random.fold_in(chain_key, t), x.shape)
            x = x + eps * self.score(x) + jnp.sqrt(2.0 * eps) * noise
            return (x, t + 1), noise

        (x, _), noises = lax.scan(langevin_step, (x, 0), None, length=self.n_steps)
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
