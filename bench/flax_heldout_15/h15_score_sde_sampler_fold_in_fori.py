# label: ok
# flax-error: none
# class: 3 Euler-Maruyama sampler method under apply(method=...): make_rng once outside, fold_in per fori_loop step
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class TimeConditionedMLP(nn.Module):
    features: int = 2

    @nn.compact
    def __call__(self, x, t):
        h = jnp.concatenate([x, jnp.full(x.shape[:-1] + (1,), t)], axis=-1)
        h = nn.gelu(nn.Dense(64)(h))
        return nn.Dense(self.features)(h)


class ScoreSDE(nn.Module):
    sigma: float = 5.0
    steps: int = 10

    def setup(self):
        self.score = TimeConditionedMLP()

    def __call__(self, x, t):
        return self.score(x, t)

    def sample(self, x_init):
        key = self.make_rng("sample")
        dt = 1.0 / self.steps

        def body(i, state):
            x, noise_log = state
            t = 1.0 - i * dt
            g = self.sigma ** t
            z = jax.random.normal(jax.random.fold_in(key, i), x.shape)
            x = x + (g ** 2) * self.score(x, t) * dt + g * jnp.sqrt(dt) * z
            return x, noise_log.at[i].set(z)

        log = jnp.zeros((self.steps,) + x_init.shape)
        _, log = lax.fori_loop(0, self.steps, body, (x_init, log))
        return log


def main():
    model = ScoreSDE()
    x = jnp.zeros((3, 2))
    variables = model.init(jax.random.key(0), x, 1.0)
    return model.apply(variables, x, method=ScoreSDE.sample, rngs={"sample": jax.random.key(7)})
