# label: same-values
# flax-error: none
# class: 4 Langevin scan body uses its `make_rng` key both folded with the step and unfolded, and a helper folds its key with the constant 0; returns the per-step unfolded draw and helper noise
import flax.linen as nn
import jax
import jax.numpy as jnp


class Langevin(nn.Module):
    @nn.compact
    def __call__(self, x0, steps):
        def body(x, t):
            key = self.make_rng("noise")
            a = jax.random.normal(jax.random.fold_in(key, t), x.shape)
            b = jax.random.normal(key, x.shape)
            extra = self._noise(0, x.shape)
            return x + a + b + extra, (b, extra)
        return jax.lax.scan(body, x0, jnp.arange(steps))

    def _noise(self, step, shape):
        return jax.random.normal(jax.random.fold_in(self.make_rng("extra"), step), shape)


def main():
    x0 = jnp.zeros(3)
    model = Langevin()
    rngs = {"noise": jax.random.key(1), "extra": jax.random.key(3)}
    variables = model.init(rngs, x0, 5)
    _, per_step = model.apply(variables, x0, 5, rngs=rngs)
    return per_step
