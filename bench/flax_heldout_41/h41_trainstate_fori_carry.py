# label: ok
# flax-error: none
# class: 3 the TrainState is part of the raw fori_loop carry and the body returns the updated one
"""A PyTorch `for step in range(n): loss.backward(); opt.step()` loop moved into lax.fori_loop."""
import jax
import jax.numpy as jnp
import optax
from flax import linen as nn
from flax.training import train_state
from jax import lax


class MLP(nn.Module):
    @nn.compact
    def __call__(self, x):
        x = nn.gelu(nn.Dense(32)(x))
        return nn.Dense(1)(x)


def fit(state, xs, ys, num_steps):
    def loss_fn(params, x, y):
        pred = state.apply_fn({"params": params}, x)
        return jnp.mean((pred - y) ** 2)

    def body(i, carry):
        state, running_loss = carry
        idx = i % xs.shape[0]
        loss, grads = jax.value_and_grad(loss_fn)(state.params, xs[idx], ys[idx])
        state = state.apply_gradients(grads=grads)
        return state, running_loss + loss

    state, total = lax.fori_loop(0, num_steps, body, (state, jnp.float32(0.0)))
    return state, total / num_steps


def main():
    model = MLP()
    xs = jax.random.normal(jax.random.PRNGKey(0), (4, 16, 3))
    ys = xs.sum(-1, keepdims=True)
    params = model.init(jax.random.PRNGKey(1), xs[0])["params"]
    state = train_state.TrainState.create(apply_fn=model.apply, params=params, tx=optax.adam(1e-2))
    state, avg_loss = fit(state, xs, ys, num_steps=20)
    eval_loss = jnp.mean((state.apply_fn({"params": state.params}, xs[0]) - ys[0]) ** 2)
    eval_loss.block_until_ready()
    return None
