# label: ok
# flax-error: none
# class: 1 the nn.LSTMCell is called inline in a raw lax.scan body, but during init it is called once outside the scan and the loop is skipped
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
        head = nn.Dense(self.n_classes)
        carry = cell.initialize_carry(jax.random.key(0), xs[:, 0].shape)
        if self.is_initializing():
            _, h = cell(carry, xs[:, 0])
            return head(h)

        def body(carry, x_t):
            carry, h = cell(carry, x_t)
            return carry, h

        carry, hs = jax.lax.scan(body, carry, jnp.swapaxes(xs, 0, 1))
        return head(hs[-1])


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
