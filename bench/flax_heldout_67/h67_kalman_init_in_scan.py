# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 a closure inside @nn.compact calls the correction submodule, which first creates its params inside the raw scan during init
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

        def filter_step(x, y):
            x_pred = A @ x
            x_new = corr(x_pred, y)
            return x_new, x_new

        _, xs = lax.scan(filter_step, jnp.zeros((2,)), ys)
        return xs


def main():
    ys = jax.random.normal(jax.random.key(0), (20, 1))
    model = LearnedEstimator()
    params = model.init(jax.random.key(1), ys)
    xs = model.apply(params, ys)
    jnp.sum(xs).block_until_ready()
