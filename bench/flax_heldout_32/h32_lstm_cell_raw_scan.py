# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 an nn.LSTMCell is first called inline in a raw lax.scan body, so init creates its params inside the scan
import jax
import jax.numpy as jnp
import optax
from flax import linen as nn


class SeqClassifier(nn.Module):
    hidden: int = 8
    n_classes: int = 3

    @nn.compact
    def __call__(self, xs):  # xs: (batch, time, features)
        cell = nn.LSTMCell(features=self.hidden)
        carry = cell.initialize_carry(jax.random.key(0), xs[:, 0].shape)

        def body(carry, x_t):
            carry, h = cell(carry, x_t)
            return carry, h

        carry, hs = jax.lax.scan(body, carry, jnp.swapaxes(xs, 0, 1))
        return nn.Dense(self.n_classes)(hs[-1])


def main():
    model = SeqClassifier()
    xs = jax.random.normal(jax.random.key(1), (2, 5, 3))
    labels = jnp.array([0, 2])
    params = model.init(jax.random.key(0), xs)["params"]
    tx = optax.adam(1e-2)
    opt_state = tx.init(params)

    def loss_fn(p):
        logits = model.apply({"params": p}, xs)
        return optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()

    loss, grads = jax.value_and_grad(loss_fn)(params)
    updates, opt_state = tx.update(grads, opt_state, params)
    params = optax.apply_updates(params, updates)
    return None
