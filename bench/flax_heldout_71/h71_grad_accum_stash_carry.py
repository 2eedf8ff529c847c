# label: ok
# flax-error: none
# class: 3 a GradAccumulator object passes the running gradient sum through the fori_loop carry of a jax.checkpoint'ed loss
"""Gradient-accumulation utility for large effective batch sizes (sum carried by the loop)."""
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
        self.zeros = jax.tree_util.tree_map(jnp.zeros_like, params)

    def loss_fn(self, params, x, y):
        logits = self.apply_fn({"params": params}, x)
        return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()

    def accumulate(self, params, xs, ys):
        grad_fn = jax.grad(jax.checkpoint(self.loss_fn))

        def body(i, acc):
            g = grad_fn(params, xs[i], ys[i])
            return jax.tree_util.tree_map(jnp.add, acc, g)

        acc = lax.fori_loop(0, xs.shape[0], body, self.zeros)
        return jax.tree_util.tree_map(lambda a: a / xs.shape[0], acc)


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
