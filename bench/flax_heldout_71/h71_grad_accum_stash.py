# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[32] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 a GradAccumulator object keeps the running gradient sum on self.acc and the fori_loop body (a jax.checkpoint'ed loss) adds into it
"""Gradient-accumulation utility for large effective batch sizes."""
import jax
import jax.numpy as jnp
import optax
from flax import linen as nn
from jax import lax


class Classifier(nn.Module):
    num_classes: int = 5

    @nn.compact
    def __call__(self, x):
        x = nn.gelu(nn.Dense(32)(x))
        return nn.Dense(self.num_classes)(x)


class GradAccumulator:
    """Sums gradients over micro-batches, then averages them."""

    def __init__(self, apply_fn, params):
        self.apply_fn = apply_fn
        self.acc = jax.tree_util.tree_map(jnp.zeros_like, params)
        self.count = 0

    def loss_fn(self, params, x, y):
        logits = self.apply_fn({"params": params}, x)
        return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()

    def accumulate(self, params, xs, ys):
        grad_fn = jax.grad(jax.checkpoint(self.loss_fn))

        def body(i, carry):
            g = grad_fn(params, xs[i], ys[i])
            self.acc = jax.tree_util.tree_map(jnp.add, self.acc, g)
            return carry + 1

        self.count = lax.fori_loop(0, xs.shape[0], body, 0)
        return jax.tree_util.tree_map(lambda a: a / xs.shape[0], self.acc)


def main():
    model = Classifier()
    xs = jax.random.normal(jax.random.PRNGKey(0), (4, 8, 10))
    ys = jax.random.randint(jax.random.PRNGKey(1), (4, 8), 0, 5)
    params = model.init(jax.random.PRNGKey(2), xs[0])["params"]
    tx = optax.sgd(0.1)
    opt_state = tx.init(params)
    grads = GradAccumulator(model.apply, params).accumulate(params, xs, ys)
    updates, opt_state = tx.update(grads, opt_state, params)
    params = optax.apply_updates(params, updates)
    print(jax.tree_util.tree_map(jnp.shape, params))
    return None
