# label: same-values
# flax-error: none
# class: 3 a parameter-free setup submodule draws Brownian noise with `make_rng`; it is first called in the `_em_step` helper of a `sample_path` scan that only apply runs
import jax
import jax.numpy as jnp
import flax.linen as nn


class BrownianIncrement(nn.Module):
    @nn.compact
    def __call__(self, shape, dt):
        return jnp.sqrt(dt) * jax.random.normal(self.make_rng("brownian"), shape)


class LatentSDE(nn.Module):
    def setup(self):
        self.drift = nn.Dense(4)
        self.increment = BrownianIncrement()

    def __call__(self, y):
        return self.drift(y)

    def _em_step(self, y):
        dw = self.increment(y.shape, 0.05)
        return y + 0.05 * self(y) + dw, dw

    def sample_path(self, y0):
        return jax.lax.scan(lambda y, _: self._em_step(y), y0, None, length=10)


def main():
    model = LatentSDE()
    y0 = jnp.zeros(4)
    variables = model.init(jax.random.key(0), y0)
    _, dws = model.apply(variables, y0, method=LatentSDE.sample_path, rngs={"brownian": jax.random.key(1)})
    return dws
