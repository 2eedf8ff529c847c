# label: ok
# flax-error: none
# class: 2 "train until converged" jax.lax.while_loop; the TrainState is part of the loop carry
import jax
import jax.numpy as jnp
import optax
from flax import linen as nn
from flax.training.train_state import TrainState


class MLP(nn.Module):
    @nn.compact
    def __call__(self, x):
        return nn.Dense(1)(nn.relu(nn.Dense(16)(x)))


def main():
    model = MLP()
    x = jnp.linspace(-1, 1, 32)[:, None]
    y = x ** 2
    params = model.init(jax.random.key(0), x)["params"]
    state = TrainState.create(apply_fn=model.apply, params=params, tx=optax.sgd(0.1))

    def loss_fn(params):
        return jnp.mean((model.apply({"params": params}, x) - y) ** 2)

    def cond(carry):
        state, loss = carry
        return (state.step < 20) & (loss > 1e-3)

    def body(carry):
        state, _ = carry
        loss, grads = jax.value_and_grad(loss_fn)(state.params)
        return state.apply_gradients(grads=grads), loss

    state, final_loss = jax.lax.while_loop(cond, body, (state, jnp.array(jnp.inf)))
    preds = state.apply_fn({"params": state.params}, x)
    preds.block_until_ready()
    return None
