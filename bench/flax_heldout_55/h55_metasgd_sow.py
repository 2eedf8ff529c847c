# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 self.sow on the outer module called from the inner-loop closure that jax.lax.scan runs (Meta-SGD adaptation)
"""Meta-SGD: the module owns the initial fast weights and per-parameter learning rates, and the
inner adaptation loop is a scan inside __call__; inner losses are logged with sow."""
import jax
import jax.numpy as jnp
from flax import linen as nn


def regression_loss(w, x, y):
    return jnp.mean((x @ w - y) ** 2)


class MetaSGD(nn.Module):
    n_in: int = 3
    inner_steps: int = 4

    @nn.compact
    def __call__(self, x_support, y_support):
        w0 = self.param("w0", nn.initializers.normal(0.1), (self.n_in, 1))
        log_lr = self.param("log_lr", nn.initializers.constant(-2.0), (self.n_in, 1))

        def inner_step(w, _):
            loss, g = jax.value_and_grad(regression_loss)(w, x_support, y_support)
            self.sow("intermediates", "inner_loss", loss)
            return w - jnp.exp(log_lr) * g, None

        w, _ = jax.lax.scan(inner_step, w0, None, length=self.inner_steps)
        return w


def main():
    x = jnp.linspace(-1.0, 1.0, 12).reshape(4, 3)
    y = x.sum(-1, keepdims=True)
    model = MetaSGD()
    params = model.init(jax.random.key(0), x, y)["params"]
    w, state = model.apply({"params": params}, x, y, mutable=["intermediates"])
    losses = jnp.stack(state["intermediates"]["inner_loss"])
    losses.block_until_ready()
    return None
