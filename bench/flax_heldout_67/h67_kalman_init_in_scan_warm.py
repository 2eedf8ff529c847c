# label: ok
# flax-error: none
# class: 1 a closure inside @nn.compact calls the correction submodule; it is called once before the raw scan so its params exist outside the loop
"""Learned state estimator: model-based predict step plus a learned correction network."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class Corrector(nn.Module):
    hidden: int = 16

    @nn.compact
    def __call__(self, x_pred, y):
        h = nn.tanh(nn.Dense(self.hidden)(jnp.concatenate([x_pred, y])))
        return x_pred + nn.Dense(x_pred.shape[-1])(h)


class LearnedEstimator(nn.Module):
    dt: float = 0.1

    @nn.compact
    def __call__(self, ys):
        corr = Corrector()
        A = jnp.array([[1.0, self.dt], [0.0, 1.0]])
        x0 = jnp.zeros((2,))
        if self.is_initializing():
            corr(x0, ys[0])  # create the corrector's params outside the loop

        def filter_step(x, y):
            x_pred = A @ x
            x_new = corr(x_pred, y)
            return x_new, x_new

        _, xs = lax.scan(filter_step, x0, ys)
        return xs


def main():
    ys = jax.random.normal(jax.random.key(0), (20, 1))
    model = LearnedEstimator()
    params = model.init(jax.random.key(1), ys)
    xs = model.apply(params, ys)
    jnp.sum(xs).block_until_ready()
