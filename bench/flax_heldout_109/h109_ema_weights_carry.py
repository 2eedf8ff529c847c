# label: ok
# flax-error: none
# class: 2 the EMA copy of the params is a local of main() passed through the scan carry
"""Train a small MLP with a raw lax.scan over batches and keep an exponential moving average of
the weights for evaluation (Polyak averaging); the EMA params ride along in the carry."""
import jax
import jax.numpy as jnp
from flax import linen as nn
import optax

lax = jax.lax


class MLP(nn.Module):
    @nn.compact
    def __call__(self, x):
        x = nn.gelu(nn.Dense(32)(x))
        return nn.Dense(1)(x)


def main():
    model = MLP()
    xs = jax.random.normal(jax.random.key(0), (10, 16, 4))
    ys = jnp.sin(xs.sum(-1, keepdims=True))
    params = model.init(jax.random.key(1), xs[0])["params"]
    tx = optax.adam(1e-2)
    opt_state = tx.init(params)
    decay = 0.99

    def loss_fn(p, x, y):
        return jnp.mean((model.apply({"params": p}, x) - y) ** 2)

    def train_step(carry, batch):
        p, s, ema_params = carry
        x, y = batch
        loss, grads = jax.value_and_grad(loss_fn)(p, x, y)
        updates, s = tx.update(grads, s, p)
        p = optax.apply_updates(p, updates)
        ema_params = jax.tree.map(lambda e, q: decay * e + (1 - decay) * q, ema_params, p)
        return (p, s, ema_params), loss

    (params, opt_state, ema_params), losses = lax.scan(train_step, (params, opt_state, params), (xs, ys))
    eval_loss = loss_fn(ema_params, xs[0], ys[0])
    print(losses[-1], eval_loss)
    return None
